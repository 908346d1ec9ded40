// The check runner of the production suites (production-smoke.mjs, production-faults.mjs): each check
// runs on its own, is reported as it ends, and the suite ends with the count of passed and failed.
// PRODUCTION_CHECKS=<regular expression> runs only the checks whose names match (while working on one).

export function checkRunner() {
  const began = Date.now();
  const results = [];
  const only = process.env.PRODUCTION_CHECKS ? new RegExp(process.env.PRODUCTION_CHECKS, 'i') : null;
  let skipped = 0;
  return {
    /** Runs one check; a failure is printed with its stack and counted, never thrown. */
    async check(name, body) {
      if (only && !only.test(name)) {
        skipped += 1;
        return;
      }
      const started = Date.now();
      try {
        const note = await body();
        results.push({ name, ok: true });
        console.log(`  ✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)${note ? `\n      ${note}` : ''}`);
      } catch (error) {
        results.push({ name, ok: false });
        console.log(
          `  ✗ ${name}\n      ${String(error.stack ?? error)
            .split('\n')
            .join('\n      ')}`,
        );
      }
    },
    /** True once any check has failed. */
    anyFailed: () => results.some((result) => !result.ok),
    /** Prints the count of passed and failed checks and sets the exit code. */
    summarize() {
      const failed = results.filter((result) => !result.ok).length;
      console.log(
        `\n${results.length - failed} passed, ${failed} failed${skipped ? `, ${skipped} skipped (PRODUCTION_CHECKS)` : ''} in ${((Date.now() - began) / 1000).toFixed(0)} s`,
      );
      process.exitCode = failed > 0 ? 1 : 0;
    },
  };
}

/** Runs every assertion of a check and reports each one that fails, not only the first. */
export async function all(...assertions) {
  const failures = [];
  for (const assertion of assertions) {
    try {
      await assertion();
    } catch (error) {
      failures.push(error.message);
    }
  }
  if (failures.length > 0)
    throw new Error(`${failures.length} of ${assertions.length} failed:\n${failures.join('\n')}`);
}
