import { OPERATOR_ROLES, ROLE_PERMISSIONS } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { visibleSections } from './navigation';

const idsFor = (role: (typeof OPERATOR_ROLES)[number]) => visibleSections({ role, permissions: [] }).map((section) => section.id);

describe('the console’s navigation by role', () => {
  it('shows the owner every section', () => {
    expect(idsFor('owner')).toEqual([
      'dashboard',
      'players',
      'approvals',
      'payments',
      'sports',
      'casino',
      'responsiblePlay',
      'settings',
      'audit',
    ]);
  });

  it('hides what a role may not open', () => {
    expect(idsFor('trader')).not.toContain('payments');
    expect(idsFor('trader')).toContain('sports');
    expect(idsFor('finance')).not.toContain('sports');
    expect(idsFor('finance')).toContain('approvals');
    expect(idsFor('support')).not.toContain('audit');
  });

  it('follows the permissions the login answered over the role map', () => {
    expect(visibleSections({ role: 'owner', permissions: ['console.view'] }).map((section) => section.id)).toEqual(['dashboard']);
    for (const role of OPERATOR_ROLES) expect(ROLE_PERMISSIONS[role]).toContain('console.view');
  });
});
