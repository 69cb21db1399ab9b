import { createRequire } from 'node:module';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import type { Logger } from '../log.ts';
import type { RedisHandle } from '../redis/connection.ts';
import { turnNow } from '../turn-now.ts';
import { type RateState, rateLimitHeaders, ratePolicy } from './headers.ts';
import { MemoryWindows, type WindowCount } from './memory-windows.ts';
import { type RateRule, type RateRuleName, type RuleOverrides, rateRules } from './rules.ts';
import { FLUSH_MS, SharedEstimates } from './shared-estimates.ts';

export interface RateDecision extends RateState {
  allowed: boolean;
  /** `RateLimit-Policy`, `RateLimit` and, when refused, `Retry-After`. */
  headers: Record<string, string>;
}

export interface RateLimiter {
  /**
   * Counts one request of `key` (a client address) against `rule`, with the space's overrides if given. Counted
   * in memory with the rule at hand (the common case), the decision comes at once, not as a Promise, so that a
   * replayed answer (core/http/fast-answers.ts) is sent in the same turn.
   */
  consume(
    rule: RateRuleName,
    key: string,
    options?: { spaceId?: string },
  ): RateDecision | Promise<RateDecision>;
}

export interface CreateRateLimiterArgs {
  /** Shared counters in Redis; without it each process counts on its own. */
  redis?: RedisHandle;
  log: Logger;
  /** Defaults replaced for this instance (tests, operators). */
  rules?: Partial<Record<RateRuleName, RateRule>>;
  /** A space's overrides (from its controls); failures fall back to the defaults. */
  overridesFor?: (spaceId: string) => RuleOverrides | Promise<RuleOverrides>;
  /** Told of each refusal (metrics). */
  onRefused?: (rule: RateRuleName) => void;
}

/**
 * rate-limiter-flexible (CommonJS) is loaded when the first shared rule is counted, not by every process's start:
 * without Redis it is never used, and loading it cost some 0.1 s of a one-shot command's start.
 */
const flexible = () =>
  createRequire(import.meta.url)('rate-limiter-flexible') as typeof import('rate-limiter-flexible');

/** A rule's counter in Redis, with what this process last heard of it and its counts held (shared-estimates.ts). */
type SharedStore = RateLimiterRedis & {
  estimates: SharedEstimates;
  rule: RateRuleName;
  r: RateRule;
  flushing?: NodeJS.Timeout;
};
type Store = MemoryWindows | SharedStore;

/** A decision's headers until they are written (never handed out). */
const NO_HEADERS: Record<string, string> = Object.freeze({});

/** `RateLimit-Policy` of a rule, written once per rule object. */
const policies = new WeakMap<RateRule, string>();

function decide(
  r: RateRule,
  allowed: boolean,
  res: { remainingPoints: number; msBeforeNext: number },
): RateDecision {
  let policy = policies.get(r);
  if (policy === undefined) {
    policy = ratePolicy(r.points, r.durationSeconds);
    policies.set(r, policy);
  }
  const decision: RateDecision = {
    allowed,
    limit: r.points,
    windowSeconds: r.durationSeconds,
    remaining: res.remainingPoints,
    resetSeconds: Math.max(0, Math.ceil(res.msBeforeNext / 1000)),
    headers: NO_HEADERS,
  };
  // The decision is a RateState itself: its headers are written from it.
  decision.headers = rateLimitHeaders(decision, !allowed, policy);
  return decision;
}

/**
 * Rate limits on rate-limiter-flexible in Redis when shared (every process counts against one counter), and on
 * the same fixed windows counted synchronously in memory otherwise (memory-windows.ts). When Redis cannot be
 * reached the request is let through, never answered with an error; the outage is logged once (by the
 * connection, or here when Redis answers but the count fails).
 */
export function createRateLimiter(args: CreateRateLimiterArgs): RateLimiter {
  const stores = new Map<string, Store>();
  let failing = false;

  const byRuleObject = new WeakMap<RateRule, Store>();
  const storeFor = (rule: RateRuleName, r: RateRule): Store => {
    const known = byRuleObject.get(r);
    if (known) return known;
    const id = `${rule}:${r.points}:${r.durationSeconds}`;
    let store = stores.get(id);
    if (!store) {
      const options = {
        points: r.points,
        duration: r.durationSeconds,
        keyPrefix: `${args.redis?.prefix ?? 'verso'}:rl:${id}`,
      };
      store = args.redis
        ? Object.assign(
            new (flexible().RateLimiterRedis)({
              ...options,
              storeClient: args.redis.client,
              rejectIfRedisNotReady: true,
            }),
            { estimates: new SharedEstimates(r.points, r.durationSeconds * 1000), rule, r },
          )
        : new MemoryWindows(r.points, r.durationSeconds * 1000);
      stores.set(id, store);
    }
    byRuleObject.set(r, store);
    return store;
  };

  /** The defaults of each rule with this instance's replacements, merged once. */
  const bases = new Map<RateRuleName, RateRule>();
  const baseOf = (rule: RateRuleName): RateRule => {
    let base = bases.get(rule);
    if (!base) {
      base = { ...rateRules[rule], ...args.rules?.[rule] };
      bases.set(rule, base);
    }
    return base;
  };
  /** The rule with a space's overrides, merged once per overrides value (the cache hands out the same one). */
  const merged = new WeakMap<RuleOverrides, Map<RateRuleName, RateRule>>();
  const ruleFor = (rule: RateRuleName, spaceId: string | undefined): RateRule | Promise<RateRule> => {
    const base = baseOf(rule);
    if (!spaceId || !args.overridesFor) return base;
    let overrides: RuleOverrides | Promise<RuleOverrides>;
    try {
      overrides = args.overridesFor(spaceId);
    } catch {
      return base;
    }
    // Known overrides (the common case) decide at once; a first read waits for them.
    if (overrides instanceof Promise)
      return overrides.then(
        (o) => withOverrides(rule, base, o),
        () => base,
      );
    return withOverrides(rule, base, overrides);
  };
  const withOverrides = (rule: RateRuleName, base: RateRule, overrides: RuleOverrides): RateRule => {
    const override = overrides[rule];
    if (!override) return base;
    let byRule = merged.get(overrides);
    if (!byRule) {
      byRule = new Map();
      merged.set(overrides, byRule);
    }
    let r = byRule.get(rule);
    if (!r) {
      r = { ...base, ...override };
      byRule.set(rule, r);
    }
    return r;
  };

  const count = (
    rule: RateRuleName,
    r: RateRule,
    key: string,
    spaceId: string | undefined,
  ): RateDecision | Promise<RateDecision> => {
    const counted = rateRules[rule].perSpace && spaceId ? `${spaceId}:${key}` : key;
    const store = storeFor(rule, r);
    if (store instanceof MemoryWindows) {
      const res = store.consume(counted, turnNow());
      if (res.consumedPoints <= r.points) return decide(r, true, res);
      args.onRefused?.(rule);
      return decide(r, false, res);
    }
    // Far from the limit as last heard: decided now, counted in Redis meanwhile or held here and counted with the
    // client's next requests (shared-estimates.ts).
    const now = turnNow();
    const ahead = store.estimates.ahead(counted, now);
    if (ahead?.held) {
      if (store.estimates.heldOf(counted) >= store.estimates.maxAhead / 2) flush(store, counted);
      else store.flushing ??= setTimeout(() => flushAll(store), FLUSH_MS).unref();
      return decide(r, true, ahead);
    }
    // The counts held here go with this one: a request decided exactly is decided on all of them.
    const held = store.estimates.take(counted);
    const decision = shared(rule, r, store, counted, held + 1, held + (ahead ? 1 : 0));
    if (!ahead) return decision;
    void decision.catch(() => {});
    return decide(r, true, ahead);
  };

  /** Sends the counts of `key` held here (answered already), alone. */
  const flush = (store: SharedStore, key: string) => {
    const n = store.estimates.take(key);
    if (n > 0) void shared(store.rule, store.r, store, key, n, n).catch(() => {});
  };
  const flushAll = (store: SharedStore) => {
    store.flushing = undefined;
    for (const [key, n] of store.estimates.takeAll())
      void shared(store.rule, store.r, store, key, n, n).catch(() => {});
  };

  /**
   * Counts `points` requests of `counted` in Redis, `ahead` of them decided (and answered) already; the decision
   * is the last request's, when it was not decided ahead.
   */
  const shared = async (
    rule: RateRuleName,
    r: RateRule,
    store: SharedStore,
    counted: string,
    points: number,
    ahead: number,
  ): Promise<RateDecision> => {
    const heard = (res: WindowCount | undefined) => store.estimates.heard(counted, res, Date.now(), ahead);
    try {
      const res = await store.consume(counted, points);
      failing = false;
      heard(res);
      return decide(r, true, res);
    } catch (err) {
      if (err instanceof flexible().RateLimiterRes) {
        failing = false;
        heard(err);
        // Answered already (decided ahead): its refusal shows in the next decisions, which wait for Redis.
        if (ahead < points) args.onRefused?.(rule);
        return decide(r, false, err);
      }
      heard(undefined);
      // The store failed: let the request through. Nothing was counted, so the whole window is reported.
      if (!failing && args.redis?.reachable() !== false) {
        args.log.warn(
          { err: (err as Error).message, rule },
          'rate limit store failed: requests are let through',
        );
      }
      failing = true;
      return decide(r, true, { remainingPoints: r.points, msBeforeNext: r.durationSeconds * 1000 });
    }
  };

  return {
    consume(rule, key, options = {}) {
      const known = ruleFor(rule, options.spaceId);
      if (known instanceof Promise) return known.then((r) => count(rule, r, key, options.spaceId));
      return count(rule, known, key, options.spaceId);
    },
  };
}
