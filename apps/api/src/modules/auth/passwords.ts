import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';
import { ARGON2_MINIMUM, type Config } from '../../config';

/** Argon2id's cost: memory in KiB, passes over it, lanes (threads). */
export interface Argon2Params {
  memoryKib: number;
  passes: number;
  lanes: number;
}

/** Argon2id in @node-rs/argon2's `Algorithm`, a const enum its runtime does not export. */
const ARGON2ID = 2 as Algorithm;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(stored: string, password: string): Promise<boolean>;
  /** True when `stored` was made otherwise (another algorithm or cost): it is redone at the next sign-in. */
  needsRehash(stored: string): boolean;
}

export function createPasswordHasher(params: Argon2Params): PasswordHasher {
  const options = {
    algorithm: ARGON2ID,
    memoryCost: params.memoryKib,
    timeCost: params.passes,
    parallelism: params.lanes,
  };
  return {
    hash: (password) => hash(password, options),
    verify: (stored, password) => verify(stored, password),
    needsRehash(stored) {
      try {
        const made = parseOptions(stored);
        return (
          made.algorithm !== ARGON2ID ||
          made.memoryCost !== options.memoryCost ||
          made.timeCost !== options.timeCost ||
          made.parallelism !== options.parallelism
        );
      } catch {
        return true;
      }
    },
  };
}

/** The hasher of OWASP's minimum cost (the demo accounts' seed). */
export const minimumPasswordHasher = () => createPasswordHasher(ARGON2_MINIMUM);

/** The hasher of the configured cost (ARGON2_MEMORY_KIB, ARGON2_PASSES, ARGON2_LANES). */
export const configuredPasswordHasher = (config: Config) =>
  createPasswordHasher({
    memoryKib: config.ARGON2_MEMORY_KIB,
    passes: config.ARGON2_PASSES,
    lanes: config.ARGON2_LANES,
  });
