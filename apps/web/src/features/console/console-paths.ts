/** The console's routes (docs/console.md), all under /admin. Build links from here. */
export const consolePaths = {
  dashboard: '/admin',
  login: '/admin/login',
  players: '/admin/players',
  player: (userName: string) => `/admin/players/${encodeURIComponent(userName)}`,
  settings: '/admin/settings',
  sports: '/admin/sports',
  casino: '/admin/casino',
  payments: '/admin/payments',
  responsiblePlay: '/admin/responsible-play',
  audit: '/admin/audit',
  approvals: '/admin/approvals',
} as const;
