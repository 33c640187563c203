import { useSyncExternalStore } from 'react';

const STORAGE_KEY = 'casinoSound';
const listeners = new Set<() => void>();

/** Sound is off until the player turns it on; the choice is kept on this device. */
export function isSoundOn(): boolean {
  return localStorage.getItem(STORAGE_KEY) === 'on';
}

export function setSoundOn(isOn: boolean): void {
  localStorage.setItem(STORAGE_KEY, isOn ? 'on' : 'off');
  for (const listener of listeners) listener();
}

export function useSoundOn(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isSoundOn,
    () => false,
  );
}

let context: AudioContext | undefined;

/** A short tone (win: rising, loss: low), drawn with WebAudio: no sound files to load. */
export function playTone(kind: 'win' | 'lose' | 'tick'): void {
  if (!isSoundOn() || typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  const now = context.currentTime;
  const [from, to, length] = kind === 'win' ? [520, 1040, 0.35] : kind === 'lose' ? [220, 140, 0.3] : [900, 900, 0.05];
  oscillator.frequency.setValueAtTime(from, now);
  oscillator.frequency.exponentialRampToValueAtTime(to, now + length);
  gain.gain.setValueAtTime(0.08, now);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + length);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(now);
  oscillator.stop(now + length);
}
