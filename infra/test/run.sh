#!/usr/bin/env bash
# `pnpm test:infra`: the offline proof of the infrastructure (nobody can deploy from here).
#  1. sst install, offline: the platform code and its types, from the npm registry only;
#  2. the Lambda bundle, built by OpenNext with the same open-next.config.ts SST uses (skipped with
#     INFRA_SKIP_LAMBDA_BUILD=1, when `pnpm test` has just built it);
#  3. the tests: typecheck, sst.config.ts under Pulumi mocks (every stage), the CloudFront function
#     in a CloudFront-shaped sandbox, the server function from the archive SST would upload.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SST_SKIP_DEPENDENCY_CHECK=1 SST_NO_BUN=1 SST_TELEMETRY_DISABLED=1 NEXT_TELEMETRY_DISABLED=1
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
if [ ! -f .sst/platform/config.d.ts ]; then
  pnpm exec sst install --stage dev
fi
if [ -z "${INFRA_SKIP_LAMBDA_BUILD:-}" ]; then
  # As SST builds a stage that is not production, the stage `pnpm preview` serves it as.
  SITE_INDEXABLE=false pnpm build:lambda
fi
# The Node.js the server Lambda runs, for the Lambda test (infra/preview/lambda.ts).
bash scripts/ensure-lambda-node.sh
mkdir -p test-results
# Test files two at a time at least (scripts/vitest-workers.mjs says why); pnpm test passes the same flag.
workers="${VITEST_WORKERS:-$(node scripts/vitest-workers.mjs)}"
pnpm exec vitest run "$workers" --config infra/test/vitest.config.ts --reporter=default --reporter=json --outputFile.json=test-results/vitest-infra.json
