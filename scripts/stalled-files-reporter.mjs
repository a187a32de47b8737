// @ts-check
import fs from 'node:fs';

/**
 * Names the test files whose page stopped answering (the browser never reported them finished or
 * started) as against files whose tests ran and failed, so `scripts/component-tests.ts` can tell a
 * stalled browser page apart from a real failure.
 * @param {string} file where to write the JSON list
 * @returns {import('@web/test-runner').Reporter}
 */
export function stalledFilesReporter(file) {
  return {
    onTestRunFinished({ sessions }) {
      const failed = sessions.filter((session) => session.passed === false);
      const stalled = failed.filter(
        (session) =>
          session.errors.some((error) => /^Browser tests did not (finish|start)/.test(error.message)) &&
          !hasFailedTest(session.testResults),
      );
      fs.writeFileSync(
        file,
        JSON.stringify({ failed: failed.map((session) => session.testFile), stalled: stalled.map((session) => session.testFile) }),
      );
    },
  };
}

/** @param {import('@web/test-runner').TestSuiteResult | undefined} suite */
function hasFailedTest(suite) {
  if (!suite) return false;
  return suite.tests.some((test) => !test.passed && !test.skipped) || suite.suites.some(hasFailedTest);
}
