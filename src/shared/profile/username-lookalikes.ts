// When a username is too like another (docs/api.md "Accounts, photos and push"): its skeleton,
// the same in SQL (api/db/functions/diecast_username_skeleton.sql, which the server's uniqueness
// rests on), and the names kept for the team, which the device refuses before asking.

/**
 * A name as it may look on screen. Names are ASCII letters, digits and '_', shown in the
 * capitals their holder chose and changeable in capitals alone, so any 'i' may be shown as 'I',
 * which is an 'l' in most sans-serif faces: the fold must not depend on case. So: lower case;
 * '_' dropped ('scout_mike' reads as 'scoutmike'); 'rn' read as 'm', 'vv' as 'w'; then 0 and o
 * as o, 1, i and l as l, 5 as s. A small map on purpose: Unicode's confusables (unhomoglyph
 * and the like) fold case-dependently ('ALICE' to 'ALlCE', 'Alice' to 'Alice') and mostly
 * cover characters a username cannot hold.
 */
export function usernameSkeleton(name: string): string {
  return name
    .toLowerCase()
    .replaceAll('_', '')
    .replaceAll('rn', 'm')
    .replaceAll('vv', 'w')
    .replace(/[01i5]/g, (char) => ({ '0': 'o', '1': 'l', i: 'l', '5': 's' })[char] ?? char);
}

/**
 * Names that speak for the app or its team: refused as the whole name, digits and '_' at its
 * ends aside ('admin', 'Admin_42', 'supp0rt'), and compared by skeleton ('adrnin').
 */
const RESERVED = [
  'admin',
  'administrator',
  'moderator',
  'mod',
  'mods',
  'support',
  'staff',
  'diecast',
  'diecastgarage',
  'garage',
  'system',
  'root',
  'help',
  'helpdesk',
  'official',
  'team',
  'security',
  'sysadmin',
  'webmaster',
  'owner',
  'abuse',
  'noreply',
  'anonymous',
  'everyone',
  'nobody',
  'null',
  'undefined',
];

/**
 * Words that claim a role, so they may not be any '_'-separated word of a name either
 * ('admin_bob', 'alice_moderator', 'support_team'). The short ones ('mod', 'team', 'help') are
 * whole-name only, or 'mod_cars' and 'team_rocket' would go too.
 */
const ROLE_WORDS = [
  'admin',
  'administrator',
  'moderator',
  'support',
  'staff',
  'official',
  'security',
];

/** Role words that may not begin a name ('AdminBob', 'OfficialMattel'); 'staff' may ('Stafford'). */
const ROLE_PREFIXES = ['admin', 'moderator', 'official', 'diecastgarage', 'sysadmin', 'webmaster'];

const reservedSkeletons = new Set(RESERVED.map(usernameSkeleton));
const roleSkeletons = ROLE_WORDS.map(usernameSkeleton);
const prefixSkeletons = ROLE_PREFIXES.map(usernameSkeleton);
const bare = (text: string) => text.replace(/^[0-9_]+|[0-9_]+$/g, '');

export function isReservedUsername(name: string): boolean {
  if (reservedSkeletons.has(usernameSkeleton(bare(name)))) return true;
  const whole = usernameSkeleton(name);
  const words = name.split('_').map((word) => usernameSkeleton(bare(word)));
  return (
    prefixSkeletons.some((prefix) => whole.startsWith(prefix)) ||
    roleSkeletons.some((role) => words.includes(role))
  );
}

export const reservedUsernameMessage = (name: string) =>
  `The username '${name}' is kept for the Diecast Garage team: choose another`;

/** 409 when another collector holds a name with the same skeleton. */
export const lookalikeUsernameMessage = (name: string, taken: string) =>
  `The username '${name}' is too like '${taken}', which is taken`;
