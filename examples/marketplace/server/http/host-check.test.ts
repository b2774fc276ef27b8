import { expect, test } from 'vitest'
import { hostnameOf, isHostAllowed, isInboxHostAllowed, isLoopbackAddress } from './host-check.ts'

test('loopback names and IP addresses are allowed whatever the port; other names only when configured', () => {
  for (const host of [
    'localhost',
    'localhost:5173',
    'app.localhost:1',
    '127.0.0.1:5173',
    '[::1]:5173',
    '10.0.0.2',
  ]) {
    expect(isHostAllowed(host, []), host).toBe(true)
  }
  for (const host of [
    'rebind.attacker.test',
    'localhost.attacker.test:5173',
    'box.lan',
    '',
    'a b',
    'x:y:z',
  ]) {
    expect(isHostAllowed(host, []), host).toBe(false)
  }
  expect(isHostAllowed('box.lan:5173', ['box.lan'])).toBe(true)
  expect(isHostAllowed('a.box.lan', ['.box.lan'])).toBe(true)
  expect(isHostAllowed('BOX.LAN', ['.box.lan'])).toBe(true)
  expect(isHostAllowed('evilbox.lan', ['.box.lan'])).toBe(false)
  expect(isHostAllowed('anything.example', true)).toBe(true)
  expect(isHostAllowed('a b', true)).toBe(false)
  expect(isHostAllowed(undefined, [])).toBe(true)
})

test('the inbox keeps to loopback names even when every name is allowed', () => {
  expect(isInboxHostAllowed('anything.example', true)).toBe(false)
  expect(isInboxHostAllowed('localhost:5173', true)).toBe(true)
  expect(isInboxHostAllowed('box.lan', ['box.lan'])).toBe(true)
})

test('hostnameOf and isLoopbackAddress', () => {
  expect(hostnameOf('[::1]:80')).toBe('::1')
  expect(hostnameOf('Example.COM:80')).toBe('example.com')
  expect(hostnameOf('a:b:c')).toBeNull()
  expect(isLoopbackAddress('127.0.0.1')).toBe(true)
  expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true)
  expect(isLoopbackAddress('::1')).toBe(true)
  expect(isLoopbackAddress('192.168.1.2')).toBe(false)
  expect(isLoopbackAddress(undefined)).toBe(false)
})
