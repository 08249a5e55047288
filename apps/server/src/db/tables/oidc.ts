import type { Generated } from 'kysely';

/** Sign-in with an identity provider (migration 0410). */
export type OidcTables = {
  oidc_providers: {
    id: Generated<string>;
    name: string;
    kind: 'oidc' | 'oauth2';
    issuer: string;
    authorization_endpoint: string | null;
    token_endpoint: string | null;
    userinfo_endpoint: string | null;
    scopes: Generated<string>;
    client_id: string;
    client_secret: string;
    secret_set_at: Generated<Date>;
    enabled: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  oidc_flows: {
    id: Generated<string>;
    provider_id: string;
    state_hash: string;
    browser_hash: string;
    nonce: string;
    code_verifier: string;
    created_at: Generated<Date>;
    expires_at: Date;
    used_at: Date | null;
    subject: string | null;
    email: string | null;
    display_name: string | null;
    pending_expires_at: Date | null;
    completed_at: Date | null;
  };
  member_oidc_links: {
    id: Generated<string>;
    member_id: string;
    provider_id: string;
    subject: string;
    email: string | null;
    created_at: Generated<Date>;
    last_used_at: Date | null;
  };
};
