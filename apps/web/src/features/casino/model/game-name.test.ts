import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FAIR_GAME_CODES, fairGame, LIVE_TABLE_CODES, liveTable } from '@app/shared';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { gameDisplayName, ownGameName } from './game-name';

const I18N_DIR = path.resolve(import.meta.dirname, '../../../../public/assets/i18n');
const SCRIPTS = { en: /^[\x20-\x7E]+$/, hi: /[\u0900-\u097F]/, bn: /[\u0980-\u09FF]/ } as const;

/** The site's real resources, one i18next instance per language. */
async function translator(language: keyof typeof SCRIPTS) {
  const instance = i18next.createInstance();
  const resources = JSON.parse(readFileSync(path.join(I18N_DIR, `${language}.json`), 'utf8')) as Record<string, unknown>;
  await instance.init({ lng: language, resources: { [language]: { translation: resources } } });
  return instance.t;
}

/** Every game our provider registers in the catalogue, with the name the catalogue gives it. */
const OWN_GAMES = [
  ...FAIR_GAME_CODES.map((code) => ({ code, name: fairGame(code).name })),
  ...LIVE_TABLE_CODES.map((code) => ({ code, name: liveTable(code).name })),
];

describe('game tile names', () => {
  it.each(['hi', 'bn'] as const)('are in %s for every game of our provider, each its own', async (language) => {
    const t = await translator(language);
    const names = OWN_GAMES.map((game) => gameDisplayName(t, { ...game, provider_code: 'originals' }));
    for (const [index, name] of names.entries()) expect(name, OWN_GAMES[index]?.code).toMatch(SCRIPTS[language]);
    expect(new Set(names).size).toBe(OWN_GAMES.length);
    expect(ownGameName(t, 'teen-patti', 'Teen Patti')).toBe(language === 'hi' ? 'तीन पत्ती' : 'তিন পাত্তি');
  });

  it('are the catalogue names in English', async () => {
    const t = await translator('en');
    for (const game of OWN_GAMES) expect(gameDisplayName(t, { ...game, provider_code: 'originals' })).toBe(game.name);
  });

  it("keep the catalogue's name where there is no translation: another provider's game, a new game", async () => {
    const t = await translator('hi');
    expect(gameDisplayName(t, { code: 'dice', provider_code: 'evo', name: 'Dice Deluxe' })).toBe('Dice Deluxe');
    expect(gameDisplayName(t, { code: 'new-game', provider_code: 'originals', name: 'New Game' })).toBe('New Game');
    expect(gameDisplayName(t, { code: 'vs20:olympus', provider_code: 'pp', name: 'Gates' })).toBe('Gates');
  });
});
