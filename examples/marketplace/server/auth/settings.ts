import { json } from './responses.ts'
import type { Endpoint } from './services.ts'

/** The OAuth providers GoTrue lists; none is enabled here (Google cannot be reached from a local backend). */
const OAUTH_PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'slack',
  'slack_oidc',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'zoom',
]

/**
 * GET /settings, GoTrue's shape. E-mail sign-up on; phone reported off, because what a phone
 * provider offers beyond a password (SMS codes) is not here; mailer_autoconfirm per the config.
 */
export const settings: Endpoint = async (_req, services) =>
  json(200, {
    external: {
      ...Object.fromEntries(OAUTH_PROVIDERS.map((name) => [name, false])),
      email: true,
      phone: false,
    },
    disable_signup: false,
    mailer_autoconfirm: services.config.autoConfirm,
    phone_autoconfirm: true,
    sms_provider: '',
    saml_enabled: false,
  })
