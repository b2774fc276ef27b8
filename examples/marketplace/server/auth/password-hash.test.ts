import { expect, test } from 'vitest'
import { BCRYPT_COST, DUMMY_HASH, PasswordHasher } from './password-hash.ts'

test('hashes with bcrypt cost 10 and compares, across workers at once', async () => {
  const hasher = new PasswordHasher(2)
  try {
    const passwords = ['first password', 'second password', 'third password', 'ünïcödé pässwörd']
    const hashes = await Promise.all(passwords.map((password) => hasher.hash(password)))
    for (const hash of hashes) expect(hash).toMatch(new RegExp(`^\\$2[aby]\\$${BCRYPT_COST}\\$`))
    const checks = await Promise.all(
      passwords.flatMap((password, index) => [
        hasher.compare(password, hashes[index] as string),
        hasher.compare(`${password}!`, hashes[index] as string),
      ]),
    )
    expect(checks).toEqual([true, false, true, false, true, false, true, false])
    expect(await hasher.compare('anything', DUMMY_HASH)).toBe(false)
    expect(await hasher.compare('anything', 'not a bcrypt hash')).toBe(false)
  } finally {
    await hasher.close()
  }
})

test('close() ends the workers; later calls fail clearly', async () => {
  const hasher = new PasswordHasher(1)
  await hasher.hash('warm up')
  await hasher.close()
  await expect(hasher.hash('after close')).rejects.toThrow('The password hasher is closed')
})
