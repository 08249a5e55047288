// The configuration lives in config/: variables.ts (one entry per environment variable),
// env.ts (the schema that parses them), app-config.ts (AppConfig and the production refusals).
export {
  assertProductionSafe,
  loadConfig,
  productionRefusals,
  type AppConfig,
  type SmsProviderKind,
} from './config/app-config';
export { ConfigError, parseEnv, type Env } from './config/env';
export { fastifyTrustProxy, parseTrustProxy, type TrustProxy } from './config/trust-proxy';
