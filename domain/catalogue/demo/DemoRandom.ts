/**
 * The demo generator's source of randomness: pure-rand's xoroshiro128+ seeded by the caller, so the same
 * seed always gives the same catalogue (the domain never uses `Math.random`).
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** Seeded draws used by the demo generator (integers, floats, picks, weighted picks, shuffles). */
export class DemoRandom {
  readonly #rng: RandomGenerator;

  constructor(seed: number) {
    // xoroshiro128+ takes a 32-bit seed; `| 0` makes any number (even a float) a valid one.
    this.#rng = xoroshiro128plus(seed | 0);
  }

  /** An integer in [from, to], both included. */
  int(from: number, to: number): number {
    return uniformInt(this.#rng, from, to);
  }

  /** A float in [0, 1). */
  float(): number {
    return uniformFloat64(this.#rng);
  }

  /** A float in [from, to). */
  between(from: number, to: number): number {
    return from + (to - from) * this.float();
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.float() < p;
  }

  /** Roughly normal (Irwin–Hall of 4 uniforms): mean 0, standard deviation 1, bounded to ±3.5. */
  normal(): number {
    return (this.float() + this.float() + this.float() + this.float() - 2) * Math.sqrt(3);
  }

  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(0, items.length - 1)]!;
  }

  /** One element, with probability proportional to `weight(item)`. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    let total = 0;
    for (const item of items) total += Math.max(0, weight(item));
    if (total <= 0) return this.pick(items);
    let target = this.float() * total;
    for (const item of items) {
      target -= Math.max(0, weight(item));
      if (target < 0) return item;
    }
    return items[items.length - 1]!;
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}
