import { randomInt } from 'node:crypto';

/**
 * How long the PHP service takes to check a password, so that a refused login takes as long whether or not the address
 * has a password here. An address without one (unknown, or a member learnt from the PHP service) is checked there,
 * which costs that service's round trip; a member with a password here is checked here only. A refusal of the latter
 * therefore waits for one of the recent check times of the former, drawn at random: both refusals then take the time of
 * one Argon2id computation plus one draw of the same distribution, and no timing tells them apart (`npm run
 * bench:login` prints the three distributions).
 *
 * The recent times are this process's own (the last CHECK_SAMPLES checks that got an answer): a model of a remote
 * service's latency, not state that must agree across instances. Until the first check the wait is
 * FIRST_CHECK_GUESS_MS.
 */
const CHECK_SAMPLES = 64;
const FIRST_CHECK_GUESS_MS = 150;

export interface CheckTiming {
  /** Records how long one check took (ms). */
  record(ms: number): void;
  /** Waits as long as a check does (a recent one, drawn at random). */
  waitLikeACheck(): Promise<void>;
}

export function createCheckTiming(): CheckTiming {
  const samples: number[] = [];
  let next = 0;
  return {
    record(ms) {
      if (!Number.isFinite(ms) || ms < 0) return;
      if (samples.length < CHECK_SAMPLES) samples.push(ms);
      else samples[next] = ms;
      next = (next + 1) % CHECK_SAMPLES;
    },
    async waitLikeACheck() {
      const ms = samples.length === 0 ? FIRST_CHECK_GUESS_MS : (samples[randomInt(samples.length)] ?? FIRST_CHECK_GUESS_MS);
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
  };
}
