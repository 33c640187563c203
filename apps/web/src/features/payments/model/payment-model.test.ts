import { describe, expect, it } from 'vitest';
import { ageOn, depositPresets, documentProblem, firstDepositOffer, parseAmount, validateDestination } from './payment-model';

const limits = { min: 100, max: 100_000 };

describe('the deposit form', () => {
  it('takes rupees with at most two decimals within the operator limits', () => {
    expect(parseAmount('500', limits)).toEqual({ amount: 500 });
    expect(parseAmount(' 250.50 ', limits)).toEqual({ amount: 250.5 });
    expect(parseAmount('', limits)).toEqual({ problem: 'required' });
    expect(parseAmount('1e3', limits)).toEqual({ problem: 'invalid' });
    expect(parseAmount('-5', limits)).toEqual({ problem: 'invalid' });
    expect(parseAmount('100.123', limits)).toEqual({ problem: 'decimals' });
    expect(parseAmount('99.99', limits)).toEqual({ problem: 'tooSmall' });
    expect(parseAmount('100000.01', limits)).toEqual({ problem: 'tooLarge' });
  });

  it('offers only the presets inside the limits, and the first-deposit bonus only when both figures are set', () => {
    expect(depositPresets({ deposit_presets: '50,500,1000,200000' }, limits)).toEqual([500, 1000]);
    expect(depositPresets({ deposit_presets: 'x' }, limits)).toEqual([]);
    expect(firstDepositOffer({ first_deposit_bonus_percent: '50', first_deposit_bonus_max: '300' })).toEqual({
      percent: 50,
      max: 300,
    });
    expect(firstDepositOffer({ first_deposit_bonus_percent: '50', first_deposit_bonus_max: '0' })).toBeNull();
  });
});

describe('payout destinations and identity', () => {
  it('checks UPI ids, account numbers, IFSC and the holder as the server does', () => {
    expect(validateDestination({ kind: 'upi', upiId: 'asha.rao@okhdfc' })).toEqual({});
    expect(validateDestination({ kind: 'upi', upiId: 'asha' })).toEqual({ upiId: 'payments.destinations.badUpi' });
    expect(
      validateDestination({ kind: 'bank', accountNumber: '123456789012', ifsc: 'hdfc0001234', holderName: 'Asha Rao' }),
    ).toEqual({});
    expect(validateDestination({ kind: 'bank', accountNumber: '12ab', ifsc: 'HDFC1001234', holderName: '<b>' })).toEqual({
      accountNumber: 'payments.destinations.badAccount',
      ifsc: 'payments.destinations.badIfsc',
      holderName: 'payments.destinations.badHolder',
    });
  });

  it('counts whole years to the birthday, and refuses documents the server would', () => {
    expect(ageOn('2008-06-15', '2026-06-14')).toBe(17);
    expect(ageOn('2008-06-15', '2026-06-15')).toBe(18);
    expect(documentProblem(null)).toBe('payments.identity.documentRequired');
    expect(documentProblem({ type: 'application/pdf', size: 10 })).toBe('payments.identity.documentType');
    expect(documentProblem({ type: 'image/png', size: 6 * 1024 * 1024 })).toBe('payments.identity.documentSize');
    expect(documentProblem({ type: 'image/webp', size: 1_000 })).toBeNull();
  });
});
