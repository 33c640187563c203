import { type AdminPermission, adminEndpoints, type Endpoint, OPERATOR_ROLES, type OperatorRole, roleMay } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleOperator, type ConsoleTestApp, createConsoleTestApp } from './console-support';
import { testDatabaseKind } from './test-app';

/**
 * Roles (docs/operators.md, "Accounts and roles"): every console call is checked on the server
 * against the role→permission map of the shared contract (403 FORBIDDEN), a player's token or none
 * never opens one (401), and every answer says `Cache-Control: no-store`. Runs on SQLite and
 * PostgreSQL.
 */
let t: ConsoleTestApp;
const operators = {} as Record<OperatorRole, ConsoleOperator>;
let playerToken = '';

beforeAll(async () => {
  t = await createConsoleTestApp();
  for (const role of OPERATOR_ROLES) operators[role] = await t.newOperator(`${role}-op`, role);
  playerToken = (await t.newPayer('roleplayer')).token;
}, 60_000);
afterAll(async () => t.close());

/** Every console call but login (public) and logout (it ends the session: tested on its own). */
const calls = (Object.entries(adminEndpoints) as [string, Endpoint][]).filter(
  ([name]) => name !== 'adminLogin' && name !== 'adminLogout',
);

describe(`console roles (${testDatabaseKind()})`, () => {
  it('covers every admin/* endpoint of the contract, each with a permission', () => {
    expect(calls.length).toBeGreaterThanOrEqual(40);
    for (const [, endpoint] of calls) {
      expect(endpoint.path.startsWith('admin/')).toBe(true);
      expect(endpoint.auth).toBe('operator');
      expect(endpoint.permission).toBeDefined();
    }
  });

  it.each(calls)('%s: each role is let in or refused 403 FORBIDDEN as the shared map says', async (_name, endpoint) => {
    for (const role of OPERATOR_ROLES) {
      const res = await t.admin(endpoint.path, {}, operators[role].token);
      const context = `${role} → ${endpoint.path}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(res.headers['cache-control'], context).toBe('no-store');
      if (roleMay(role, endpoint.permission as AdminPermission)) {
        expect([401, 403], context).not.toContain(res.statusCode);
        expect(res.statusCode, context).toBeLessThan(500);
      } else {
        expect(res.statusCode, context).toBe(403);
        expect(res.json(), context).toMatchObject({ status: false, code: 'FORBIDDEN' });
      }
    }
  });

  it.each(calls)('%s: no token, a player’s token or a made-up one answer 401', async (_name, endpoint) => {
    for (const token of [undefined, playerToken, 'x'.repeat(43)]) {
      const res = await t.admin(endpoint.path, {}, token);
      expect(res.statusCode, `${endpoint.path} ${res.body}`).toBe(401);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('the roles docs/operators.md names: support cannot credit or change settings; trader cannot approve payouts', async () => {
    const credit = { user_name: 'roleplayer', direction: 'credit', amount: 10, reason: 'goodwill' };
    const support = await t.admin('admin/walletAdjust', credit, operators.support.token);
    expect(support.statusCode).toBe(403);
    expect(support.json().code).toBe('FORBIDDEN');
    expect((await t.admin('admin/setSetting', { key: 'site_title', value: 'X' }, operators.support.token)).statusCode).toBe(403);
    expect((await t.admin('admin/setSetting', { key: 'site_title', value: 'X' }, operators.finance.token)).statusCode).toBe(403);
    expect((await t.admin('admin/setSetting', { key: 'site_title', value: 'X' }, operators.trader.token)).statusCode).toBe(403);
    expect((await t.admin('admin/approveWithdraw', { withdraw_id: 1 }, operators.trader.token)).statusCode).toBe(403);
    expect(
      (await t.admin('admin/decideApproval', { request_id: 1, decision: 'approve' }, operators.trader.token)).statusCode,
    ).toBe(403);
    // The refusals changed nothing; the roles allowed do it.
    expect((await t.admin('admin/walletAdjust', credit, operators.finance.token)).statusCode).toBe(200);
    expect((await t.admin('admin/setSetting', { key: 'site_title', value: 'Roles' }, operators.owner.token)).statusCode).toBe(
      200,
    );
  });

  it('an operator’s token never opens a player’s call, and logout ends the console session', async () => {
    const balance = await t.post('user/getUserBalance', {}, { token: operators.owner.token });
    expect(balance.statusCode).toBe(401);
    const logout = await t.admin('admin/logout', {}, operators.support.token);
    expect(logout.statusCode).toBe(200);
    expect(logout.headers['cache-control']).toBe('no-store');
    expect((await t.admin('admin/me', {}, operators.support.token)).statusCode).toBe(401);
  });
});
