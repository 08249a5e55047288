import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  OPS_PERMISSIONS,
  OPS_ROLES,
  ROLE_PERMISSIONS,
  roleHasPermission,
  type OpsRole,
} from '@wps/shared/ops-permissions';
import {
  declaredOpsRoutes,
  registerOperatorAccess,
  type OpsRouteDeclaration,
} from '../src/modules/operator/operator-auth';
import { registerErrorHandling } from '../src/plugins/errors';
import { call, disableRegisterCaptcha, registerUser } from './api-client';
import { createTestOperator } from './operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';

/** The only routes under /ops/ open without an operator session. */
const PUBLIC_ROUTES = ['POST /ops/session/login', 'POST /ops/session/enrol'];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A concrete URL for a declared path: each parameter becomes a value that names nothing. */
function concreteUrl(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, (_m, name: string) => (name === 'username' ? 'nobody.here' : '999999999'));
}

/** Every callable route (HEAD copies of GET routes add nothing). */
function callable(routes: readonly OpsRouteDeclaration[]): (OpsRouteDeclaration & { method: Method })[] {
  return routes.filter((r): r is OpsRouteDeclaration & { method: Method } =>
    ['GET', 'POST', 'PUT', 'DELETE'].includes(r.method),
  );
}

function routeName(r: OpsRouteDeclaration): string {
  return `${r.method} ${r.url}`;
}

describe('operator permissions', () => {
  it('give admin every permission and every role only permissions of the vocabulary', () => {
    expect([...ROLE_PERMISSIONS.admin].sort()).toEqual([...OPS_PERMISSIONS].sort());
    for (const role of OPS_ROLES) {
      for (const permission of ROLE_PERMISSIONS[role]) expect(OPS_PERMISSIONS).toContain(permission);
    }
    expect(roleHasPermission('support', 'money.write')).toBe(false);
    expect(roleHasPermission('finance', 'money.write')).toBe(true);
    // Support reads money, payments setup included (channels, banks, withdrawal rules), and changes none of it.
    expect(roleHasPermission('support', 'payments.read')).toBe(true);
    expect(roleHasPermission('support', 'payments.write')).toBe(false);
    expect(roleHasPermission('finance', 'payments.write')).toBe(true);
    expect(roleHasPermission('nobody', 'dashboard.read')).toBe(false);
  });

  it('refuse every role, admin too, on an /ops/ route that declares no permission (fail closed)', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.decorate('services', {
      operators: {
        resolve: async (token: string) =>
          token === 'ops_admin' ? { operatorId: '1', username: 'root', role: 'admin', sessionId: '1' } : null,
      },
    });
    registerOperatorAccess(app);
    app.get('/ops/undeclared', async () => ({ success: true, value: true }));
    app.get('/ops/declared', { config: { permission: 'audit.read' } }, async () => ({ success: true, value: true }));
    // The check is a hook of each /ops/ route, so it must reach routes declared in a prefixed plugin,
    // run before a route's own hooks, and cover the HEAD copy of a GET route.
    let ownHookRan = false;
    await app.register(
      async (scope) => {
        scope.get(
          '/nested',
          {
            config: { permission: 'audit.read' },
            onRequest: async () => {
              ownHookRan = true;
            },
          },
          async () => ({ success: true, value: true }),
        );
      },
      { prefix: '/ops' },
    );
    app.get('/wps/open', async () => ({ success: true, value: true }));
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/ops/nested' })).statusCode).toBe(401);
    expect(ownHookRan).toBe(false);
    expect((await app.inject({ method: 'HEAD', url: '/ops/declared' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/wps/open' })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/ops/nested', headers: { authorization: 'ops_admin' } })).statusCode,
    ).toBe(200);
    expect(ownHookRan).toBe(true);
    expect(declaredOpsRoutes(app).find((r) => r.url === '/ops/undeclared')?.permission).toBeUndefined();
    const undeclared = await app.inject({
      method: 'GET',
      url: '/ops/undeclared',
      headers: { authorization: 'ops_admin' },
    });
    expect(undeclared.statusCode).toBe(403);
    expect(undeclared.json()).toMatchObject({ success: false, errorCode: ErrorCode.OPERATOR_FORBIDDEN });
    expect((await app.inject({ method: 'GET', url: '/ops/undeclared' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/ops/declared', headers: { authorization: 'ops_admin' } })).statusCode,
    ).toBe(200);
    await app.close();
  });
});

describeEachDatabase('every /ops/ route declares its permission and the hook enforces it', (target) => {
  let t: TestApp;
  let routes: (OpsRouteDeclaration & { method: Method })[];
  const tokens = {} as Record<OpsRole, string>;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    routes = callable(declaredOpsRoutes(t.app));
    for (const role of OPS_ROLES) tokens[role] = (await createTestOperator(t.app, role)).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the operator routes, each with a permission of the vocabulary (public: only login and enrol)', () => {
    expect(routes.length).toBeGreaterThan(20);
    const undeclared = routes.filter((r) => r.permission === undefined).map(routeName);
    expect(undeclared, 'routes under /ops/ without config.permission').toEqual([]);
    const unknown = routes
      .filter((r) => !['signedIn', 'public', ...OPS_PERMISSIONS].includes(r.permission as string))
      .map(routeName);
    expect(unknown, 'routes with a permission outside packages/shared/src/ops-permissions.ts').toEqual([]);
    expect(
      routes
        .filter((r) => r.permission === 'public')
        .map(routeName)
        .sort(),
    ).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answer 401 OPERATOR_UNAUTHORIZED without an operator session, member tokens included', async () => {
    const { result: member } = await registerUser(t.app);
    for (const route of routes.filter((r) => r.permission !== 'public')) {
      for (const token of [undefined, member.token]) {
        const res = await call(t.app, route.method, concreteUrl(route.url), {
          ...(token ? { token } : {}),
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${routeName(route)} ${token ? 'member token' : 'no token'}`).toBe(401);
        expect(res.json(), routeName(route)).toMatchObject({ errorCode: ErrorCode.OPERATOR_UNAUTHORIZED });
      }
    }
  });

  for (const role of OPS_ROLES) {
    it(`answer ${role} 403 OPERATOR_FORBIDDEN exactly where the role lacks the permission`, async () => {
      // Logout would end the session the loop goes on with; it is 'signedIn' like /me.
      for (const route of routes.filter((r) => r.permission !== 'public' && r.url !== '/ops/session/logout')) {
        const res = await call(t.app, route.method, concreteUrl(route.url), {
          token: tokens[role],
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const name = `${role}: ${routeName(route)} (${String(route.permission)})`;
        const permitted = route.permission === 'signedIn' || roleHasPermission(role, route.permission as never);
        const errorCode = res.headers['content-type']?.toString().includes('json')
          ? (res.json() as { errorCode?: string }).errorCode
          : undefined;
        if (permitted) {
          expect(errorCode === ErrorCode.OPERATOR_FORBIDDEN, `${name} answered ${res.statusCode} ${res.body}`).toBe(
            false,
          );
          expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
        } else {
          expect(res.statusCode, name).toBe(403);
          expect(errorCode, name).toBe(ErrorCode.OPERATOR_FORBIDDEN);
        }
      }
    });
  }

  it('check the matched route, whatever spelling of its path reached it', async () => {
    for (const url of ['/%6fps/audit', '/ops/audit/', '/ops//audit', '/OPS/audit']) {
      const res = await call(t.app, 'GET', url, { token: tokens.support });
      expect([403, 404], `${url}: ${res.statusCode}`).toContain(res.statusCode);
      if (res.statusCode === 403) expect(res.json()).toMatchObject({ errorCode: ErrorCode.OPERATOR_FORBIDDEN });
    }
  });

  it('let logout end the session of every role', async () => {
    for (const role of OPS_ROLES) {
      expect((await call(t.app, 'DELETE', '/ops/session/logout', { token: tokens[role] })).statusCode, role).toBe(200);
      expect((await call(t.app, 'GET', '/ops/session/me', { token: tokens[role] })).statusCode, role).toBe(401);
    }
  });
});
