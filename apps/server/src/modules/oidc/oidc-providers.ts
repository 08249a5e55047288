import { ErrorCode } from '@wps/shared/error-codes';
import type { OidcProviderBody, OpsOidcProvider, PublicOidcProvider } from '@wps/shared/schemas/oidc';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import {
  findProvider,
  findProviderByName,
  insertProvider,
  listEnabledProviders,
  listProviders,
  lockProvider,
  setProviderEnabled,
  updateProvider,
  type ProviderInput,
  type ProviderRow,
} from './oidc.repository';

type Db = Kysely<Database>;
export type OidcActor = { actorType: 'operator' | 'system'; actorId: string | null };

/** What the audit log keeps of a provider: never the secret, only when it was set. */
function auditView(p: ProviderRow) {
  return {
    name: p.name,
    kind: p.kind,
    issuer: p.issuer,
    authorizationEndpoint: p.authorizationEndpoint,
    tokenEndpoint: p.tokenEndpoint,
    userinfoEndpoint: p.userinfoEndpoint,
    scopes: p.scopes,
    clientId: p.clientId,
    secretSetAt: p.secretSetAt.toISOString(),
    enabled: p.enabled,
  };
}

function opsView(p: ProviderRow & { linkedMembers: number }): OpsOidcProvider {
  return { id: p.id, ...auditView(p), linkedMembers: p.linkedMembers, updatedAt: p.updatedAt.toISOString() };
}

function notFound(): AppError {
  return new AppError(ErrorCode.OIDC_PROVIDER_NOT_FOUND, 'No such identity provider');
}

function inputOf(body: OidcProviderBody): ProviderInput {
  const oauth2 = body.kind === 'oauth2';
  return {
    name: body.name,
    kind: body.kind,
    issuer: body.issuer,
    // An OpenID provider's endpoints come from its discovery document; kept only for kind oauth2.
    authorizationEndpoint: oauth2 ? (body.authorizationEndpoint ?? null) : null,
    tokenEndpoint: oauth2 ? (body.tokenEndpoint ?? null) : null,
    userinfoEndpoint: oauth2 ? (body.userinfoEndpoint ?? null) : null,
    scopes: body.scopes,
    clientId: body.clientId,
    clientSecret: body.clientSecret,
    enabled: body.enabled,
  };
}

/** The operator's providers (`/ops/oidc-providers`): written with a reason into the audit log, the client secret write-only. */
export function createOidcProviders(ctx: { db: Db; audit: Pick<AuditService, 'record'>; now?: () => number }) {
  const { db, audit } = ctx;
  const now = () => new Date((ctx.now ?? Date.now)());

  async function view(id: string): Promise<OpsOidcProvider> {
    const row = (await listProviders(db)).find((p) => p.id === id);
    if (!row) throw notFound();
    return opsView(row);
  }

  async function nameTaken(trx: Db, name: string, exceptId: string | null): Promise<void> {
    const other = await findProviderByName(trx, name);
    if (other && other.id !== exceptId)
      throw new AppError(ErrorCode.VALIDATION_FAILED, 'Another provider has this name', {
        fields: [{ field: 'name', code: 'taken' }],
      });
  }

  return {
    /** GET /wps/oidc/providers. */
    listPublic: (): Promise<PublicOidcProvider[]> => listEnabledProviders(db),
    /** An enabled provider, with its secret, for the sign-in flow. */
    async enabledProvider(id: string, trx: Db = db): Promise<ProviderRow> {
      const p = await findProvider(trx, id);
      if (!p || !p.enabled) throw notFound();
      return p;
    },
    list: async (): Promise<OpsOidcProvider[]> => (await listProviders(db)).map(opsView),

    async create(actor: OidcActor, body: OidcProviderBody, reason: string): Promise<OpsOidcProvider> {
      const input = inputOf(body);
      const secret = input.clientSecret;
      if (secret === undefined)
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'The client secret is required', {
          fields: [{ field: 'clientSecret', code: 'required' }],
        });
      const id = await runInTransaction(db, async (trx) => {
        await nameTaken(trx, input.name, null);
        const at = now();
        const newId = await insertProvider(trx, { ...input, clientSecret: secret }, at);
        const after = await findProvider(trx, newId);
        await audit.record(trx, {
          ...actor,
          action: 'oidc_provider.create',
          subjectType: 'oidc_provider',
          subjectId: newId,
          reason,
          before: null,
          after: after && auditView(after),
        });
        return newId;
      });
      return view(id);
    },

    async update(actor: OidcActor, id: string, body: OidcProviderBody, reason: string): Promise<OpsOidcProvider> {
      const input = inputOf(body);
      await runInTransaction(db, async (trx) => {
        const before = await lockProvider(trx, id);
        if (!before) throw notFound();
        await nameTaken(trx, input.name, id);
        await updateProvider(trx, id, input, now());
        const after = await findProvider(trx, id);
        await audit.record(trx, {
          ...actor,
          action: 'oidc_provider.update',
          subjectType: 'oidc_provider',
          subjectId: id,
          reason,
          before: auditView(before),
          after: after && auditView(after),
        });
      });
      return view(id);
    },

    async setEnabled(actor: OidcActor, id: string, enabled: boolean, reason: string): Promise<OpsOidcProvider> {
      await runInTransaction(db, async (trx) => {
        const before = await lockProvider(trx, id);
        if (!before) throw notFound();
        await setProviderEnabled(trx, id, enabled, now());
        await audit.record(trx, {
          ...actor,
          action: enabled ? 'oidc_provider.enable' : 'oidc_provider.disable',
          subjectType: 'oidc_provider',
          subjectId: id,
          reason,
          before: { enabled: before.enabled },
          after: { enabled },
        });
      });
      return view(id);
    },

    /**
     * The local identity provider a development server starts beside itself: its row made or
     * brought up to date (issuer and the fresh secret of this start), its switch left as the operator set it.
     */
    async ensureDevProvider(dev: {
      name: string;
      issuer: string;
      clientId: string;
      clientSecret: string;
    }): Promise<string> {
      return runInTransaction(db, async (trx) => {
        const existing = await findProviderByName(trx, dev.name);
        const input: ProviderInput = {
          name: dev.name,
          kind: 'oidc',
          issuer: dev.issuer,
          authorizationEndpoint: null,
          tokenEndpoint: null,
          userinfoEndpoint: null,
          scopes: 'openid email profile',
          clientId: dev.clientId,
          clientSecret: dev.clientSecret,
          enabled: existing?.enabled ?? false,
        };
        if (existing) {
          await updateProvider(trx, existing.id, input, now());
          return existing.id;
        }
        const id = await insertProvider(trx, { ...input, clientSecret: dev.clientSecret }, now());
        await audit.record(trx, {
          actorType: 'system',
          actorId: null,
          action: 'oidc_provider.create',
          subjectType: 'oidc_provider',
          subjectId: id,
          reason: 'local identity provider started beside a development server',
          before: null,
          after: { name: dev.name, issuer: dev.issuer },
        });
        return id;
      });
    },
  };
}

export type OidcProviders = ReturnType<typeof createOidcProviders>;
