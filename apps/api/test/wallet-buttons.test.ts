import { DEFAULT_STAKE_BUTTONS, MAX_BUTTONS_PER_TYPE } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

let t: WalletApiApp;
beforeAll(async () => {
  t = await createWalletApiApp();
});
afterAll(async () => t.close());

async function buttonsOf(token: string) {
  const res = await t.get('user/getButtonValue', token);
  expect(res.statusCode).toBe(200);
  const { data } = res.json();
  // The spec's answer: data is JSON text of a list.
  expect(typeof data).toBe('string');
  return JSON.parse(data) as { button_name: string; button_value: number; type: string }[];
}

const gameButtons = (values: number[]) => values.map((value) => ({ button_name: `${value}`, button_value: value, type: 'Game' }));

describe('user/getButtonValue', () => {
  it('gives a new player the default Game and Casino buttons', async () => {
    const { token } = await t.newPlayer('btn_new');
    const buttons = await buttonsOf(token);
    expect(buttons).toEqual(DEFAULT_STAKE_BUTTONS);
    expect(buttons.filter((button) => button.type === 'Game').map((button) => button.button_value)).toEqual([
      100, 500, 1_000, 5_000, 10_000, 25_000, 50_000, 100_000,
    ]);
    expect(buttons.filter((button) => button.type === 'Casino').map((button) => button.button_value)).toEqual([
      10, 50, 100, 500, 1_000, 5_000,
    ]);
  });

  it('needs a session', async () => {
    expect((await t.get('user/getButtonValue')).statusCode).toBe(401);
    expect((await t.post('user/setButtonValue', gameButtons([5]))).statusCode).toBe(401);
  });
});

describe('user/setButtonValue', () => {
  it('saves the buttons of each type sent, in order, and keeps the other type', async () => {
    const { token } = await t.newPlayer('btn_save');
    const res = await t.post(
      'user/setButtonValue',
      [
        { button_name: ' Small ', button_value: 50, type: 'Game' },
        { button_name: '2K', button_value: '2000', type: 'Game' },
      ],
      { token },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: 'Button values saved' });
    const saved = await buttonsOf(token);
    expect(saved.filter((button) => button.type === 'Game')).toEqual([
      { button_name: 'Small', button_value: 50, type: 'Game' },
      { button_name: '2K', button_value: 2_000, type: 'Game' },
    ]);
    expect(saved.filter((button) => button.type === 'Casino')).toEqual(
      DEFAULT_STAKE_BUTTONS.filter((button) => button.type === 'Casino'),
    );
    // Another player still has the defaults.
    const { token: other } = await t.newPlayer('btn_other');
    expect(await buttonsOf(other)).toEqual(DEFAULT_STAKE_BUTTONS);
  });

  it.each([
    ['a zero value', [{ button_name: 'x', button_value: 0, type: 'Game' }], 'Button value must be more than 0'],
    ['a negative value', [{ button_name: 'x', button_value: -5, type: 'Game' }], ''],
    ['a fractional value', [{ button_name: 'x', button_value: 10.5, type: 'Casino' }], 'whole number'],
    ['a fractional value as text', [{ button_name: 'x', button_value: '10.50', type: 'Casino' }], 'whole number'],
    ['a value that is not a number', [{ button_name: 'x', button_value: 'ten', type: 'Casino' }], ''],
    ['an absurd value', [{ button_name: 'x', button_value: 1e12, type: 'Game' }], 'at most'],
    ['an empty name', [{ button_name: '   ', button_value: 10, type: 'Game' }], 'Button name is required'],
    ['a name too long', [{ button_name: 'x'.repeat(21), button_value: 10, type: 'Game' }], 'at most 20'],
    ['markup in a name', [{ button_name: '<b>1K</b>', button_value: 10, type: 'Game' }], 'not allowed'],
    ['an unknown type', [{ button_name: 'x', button_value: 10, type: 'Poker' }], ''],
    ['an unknown field', [{ button_name: 'x', button_value: 10, type: 'Game', user_id: 1 }], ''],
    ['an empty list', [], 'at least one'],
    [
      'too many buttons of one type',
      gameButtons(Array.from({ length: MAX_BUTTONS_PER_TYPE + 1 }, (_, i) => i + 1)),
      'At most 20 Game buttons',
    ],
    ['an object instead of a list', { buttons: [] }, ''],
  ])('refuses %s with 400 and keeps the saved buttons', async (_label, payload, message) => {
    const { token } = await t.newPlayer(`btn_bad_${Math.random().toString(36).slice(2, 8)}`);
    const res = await t.post('user/setButtonValue', payload, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'BAD_REQUEST' });
    expect(res.json().message).toContain(message);
    expect(await buttonsOf(token)).toEqual(DEFAULT_STAKE_BUTTONS);
  });

  it('accepts exactly 20 buttons of each type', async () => {
    const { token } = await t.newPlayer('btn_twenty');
    const values = Array.from({ length: MAX_BUTTONS_PER_TYPE }, (_, i) => (i + 1) * 100);
    const casino = values.map((value) => ({ button_name: `${value}`, button_value: value, type: 'Casino' }));
    expect((await t.post('user/setButtonValue', [...gameButtons(values), ...casino], { token })).statusCode).toBe(200);
    expect(await buttonsOf(token)).toHaveLength(2 * MAX_BUTTONS_PER_TYPE);
  });
});
