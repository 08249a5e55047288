/**
 * Load shedding (plugins/load-shedding.ts, docs/operations.md "Load shedding"): the bounds past
 * which an instance refuses new requests with 503 `SERVER_OVERLOADED`. On by default only under
 * `NODE_ENV=production`, so development and the test suites never see a refusal they did not ask for.
 */
import { textField, wholeNumber } from '../fields';
import type { EnvVariable } from './variable';

/** A share of time, 0 to 1. */
const fraction = () =>
  textField('a number from 0 to 1', (raw) => {
    const text = raw.trim();
    const n = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    return n >= 0 && n <= 1 ? n : undefined;
  });

export const LOAD_SHEDDING_VARIABLES = {
  SHED_MAX_EVENT_LOOP_DELAY_MS: {
    schema: wholeNumber(0),
    defaultText: '`500` with `NODE_ENV=production`, else `0` (off)',
    feeds: 'AppConfig.loadShedding',
    description:
      'the event loop\'s mean delay over the last second above which the instance answers new requests 503 `SERVER_OVERLOADED` with `Retry-After` until it falls back (probes, `/metrics`, seamless wins, rollbacks and end-rounds, and built files are never refused; docs/operations.md, "Load shedding"); `0` turns it off',
  },
  SHED_MAX_EVENT_LOOP_UTILIZATION: {
    schema: fraction(),
    default: '0',
    feeds: 'AppConfig.loadShedding',
    description:
      "the event loop's busy share over the last second (`0.98`: busy 98 % of the time) above which new requests are refused likewise; `0` (off) by default: a busy loop that still keeps its delay low is serving well",
  },
  SHED_MAX_HEAP_MB: {
    schema: wholeNumber(0),
    default: '0',
    feeds: 'AppConfig.loadShedding',
    description:
      "V8 heap used, in MiB, above which new requests are refused likewise (set it below the container's memory limit and `--max-old-space-size`); `0` turns it off",
  },
  SHED_MAX_RSS_MB: {
    schema: wholeNumber(0),
    default: '0',
    feeds: 'AppConfig.loadShedding',
    description:
      "the process's resident memory, in MiB, above which new requests are refused likewise; `0` turns it off",
  },
  SHED_MAX_IN_FLIGHT: {
    schema: wholeNumber(0),
    defaultText: '`500` with `NODE_ENV=production`, else `0` (off)',
    feeds: 'AppConfig.loadShedding',
    description:
      'requests one instance holds at once (admitted, not yet answered; live streams and the requests never refused are not counted); the next is refused `SERVER_OVERLOADED` at once instead of queueing; `0` turns the bound off',
  },
  SHED_RETRY_AFTER_SECONDS: {
    schema: wholeNumber(1, 3600),
    default: '2',
    feeds: 'AppConfig.loadShedding',
    description: 'the `Retry-After` of a `SERVER_OVERLOADED` answer',
  },
} as const satisfies Record<string, EnvVariable>;
