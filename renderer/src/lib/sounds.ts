/**
 * The desk's sounds: a packer looks at the parcel, not the screen, so a good scan, a refused one
 * and a bought label each have a tone of their own. Made by Web Audio (no files to ship), short
 * and distinct: a high blip, a low double buzz, a rising pair.
 */
export type SoundName = 'ok' | 'error' | 'shipped';

export interface SoundPlayer {
  play(name: SoundName): void;
}

/** Each sound's tones: frequency in Hz, start and length in seconds, and the wave. */
export const TONES: Readonly<Record<SoundName, readonly { hz: number; at: number; for: number; wave: OscillatorType }[]>> = {
  ok: [{ hz: 1320, at: 0, for: 0.07, wave: 'sine' }],
  error: [
    { hz: 196, at: 0, for: 0.14, wave: 'square' },
    { hz: 196, at: 0.2, for: 0.14, wave: 'square' },
  ],
  shipped: [
    { hz: 660, at: 0, for: 0.09, wave: 'sine' },
    { hz: 990, at: 0.1, for: 0.14, wave: 'sine' },
  ],
};

/** Sounds through the page's audio; silent where the page has none. */
export function webAudioPlayer(): SoundPlayer {
  let context: AudioContext | undefined;
  return {
    play(name) {
      if (typeof AudioContext === 'undefined') return;
      context ??= new AudioContext();
      const start = context.currentTime;
      for (const tone of TONES[name]) {
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = tone.wave;
        oscillator.frequency.value = tone.hz;
        gain.gain.value = 0.15;
        oscillator.connect(gain).connect(context.destination);
        oscillator.start(start + tone.at);
        oscillator.stop(start + tone.at + tone.for);
      }
    },
  };
}
