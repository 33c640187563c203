import { describe, expect, it } from 'vitest';
import { mobileSchema, passwordSchema, usernameSchema } from './user';

describe('account field rules', () => {
  it('accepts 4 to 20 letters, digits, underscore or hyphen as a username', () => {
    expect(usernameSchema.safeParse('ab_c-9').success).toBe(true);
    expect(usernameSchema.safeParse('abc').success).toBe(false);
    expect(usernameSchema.safeParse('a'.repeat(21)).success).toBe(false);
    expect(usernameSchema.safeParse('ab cd').success).toBe(false);
  });

  it('wants 8+ characters with a letter and a digit from the allowed set', () => {
    expect(passwordSchema.safeParse('abcdefg1').success).toBe(true);
    expect(passwordSchema.safeParse('abc@def#1').success).toBe(true);
    expect(passwordSchema.safeParse('abcdefgh').success).toBe(false);
    expect(passwordSchema.safeParse('12345678').success).toBe(false);
    expect(passwordSchema.safeParse('abc1').success).toBe(false);
    expect(passwordSchema.safeParse('abcdefg1^').success).toBe(false);
    expect(passwordSchema.safeParse(`a1${'x'.repeat(63)}`).success).toBe(false);
  });

  it('wants a mobile of 10 to 15 digits', () => {
    expect(mobileSchema.safeParse('9876543210').success).toBe(true);
    expect(mobileSchema.safeParse('+919876543210').success).toBe(true);
    expect(mobileSchema.safeParse('98765').success).toBe(false);
  });
});
