import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { decideGate } from '@/lib/gate';
import { addOperator } from '@/server/admin/operator-command';
import { audit } from '@/server/admin/audit';
import { cleanUp } from '@/server/jobs/upkeep';
import { auditLog, libraryStaff, siteOperators } from '@/server/db/schema';
import { findUserByEmail } from '@/server/user/queries';
import { call, startTestApp, type TestApp } from './helpers/app';
import { consoleCast, lastAudit, type ConsoleCast } from './helpers/console';

let app: TestApp;
let cast: ConsoleCast;
beforeAll(async () => {
  app = await startTestApp();
  cast = await consoleCast(app.db);
});
afterAll(async () => {
  await app.close();
});

describe('who may use the console (/api/admin)', () => {
  it('answers 401 to a signed-out visitor', async () => {
    const me = await call(app, '/api/admin/me');
    expect(me).toMatchObject({ status: 401, body: { status: 401, message: 'Sign in to continue' } });
  });

  it('answers 403 to a member without a role, before looking at the input', async () => {
    const me = await call(app, '/api/admin/me', { token: cast.tokens.member });
    expect(me).toMatchObject({ status: 403, body: { message: 'This is for library staff and site operators only.' } });
    const bad = await call(app, '/api/admin/roles', { token: cast.tokens.member, body: { email: 'not an email', role: 'x' } });
    expect(bad.status).toBe(403);
  });

  it('tells staff and operators their roles', async () => {
    expect((await call(app, '/api/admin/me', { token: cast.tokens.staffA })).body).toMatchObject({ operator: false, libraryIds: [cast.libraryA.id] });
    expect((await call(app, '/api/admin/me', { token: cast.tokens.operator })).body).toMatchObject({ operator: true, libraryIds: [] });
  });

  it('lists the staff of their own library to staff, and everyone to an operator', async () => {
    const byStaff = await call<{ roles: { libraryId: number | null; role: string }[] }>(app, '/api/admin/roles', { token: cast.tokens.staffA });
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.roles.length).toBeGreaterThan(0);
    expect(byStaff.body.roles.every((row) => row.role === 'staff' && row.libraryId === cast.libraryA.id)).toBe(true);
    const byOperator = await call<{ roles: { role: string }[] }>(app, '/api/admin/roles', { token: cast.tokens.operator });
    expect(byOperator.status).toBe(200);
    expect(byOperator.body.roles.map((row) => row.role)).toContain('operator');
  });

  it('refuses staff of library A the audit log of library B, and lets the operator read it', async () => {
    const other = await call(app, `/api/admin/audit?libraryId=${cast.libraryB.id}`, { token: cast.tokens.staffA });
    expect(other).toMatchObject({ status: 403, body: { message: 'You are not staff of this library.' } });
    expect((await call(app, `/api/admin/audit?libraryId=${cast.libraryA.id}`, { token: cast.tokens.staffA })).status).toBe(200);
    expect((await call(app, `/api/admin/audit?libraryId=${cast.libraryB.id}`, { token: cast.tokens.operator })).status).toBe(200);
  });

  it('names the bad field with a 400', async () => {
    const bad = await call(app, '/api/admin/audit?page=-1', { token: cast.tokens.operator });
    expect(bad).toMatchObject({ status: 400, body: { field: 'page' } });
    const noLibrary = await call(app, '/api/admin/roles', { token: cast.tokens.operator, body: { email: 'new.staff@example.test', role: 'staff' } });
    expect(noLibrary).toMatchObject({ status: 400, body: { field: 'libraryId' } });
  });

  it('lets only an operator grant roles, and audits the grant in the log staff of that library can read', async () => {
    const byStaff = await call(app, '/api/admin/roles', { token: cast.tokens.staffA, body: { email: 'helper@example.test', role: 'staff', libraryId: cast.libraryA.id } });
    expect(byStaff.status).toBe(403);
    const granted = await call<{ userId: number }>(app, '/api/admin/roles', {
      token: cast.tokens.operator,
      body: { email: 'Helper@Example.test', role: 'staff', libraryId: cast.libraryA.id },
    });
    expect(granted.status).toBe(200);
    const row = await lastAudit(app.db, 'role.grant', `user:${granted.body.userId}`);
    expect(row).toMatchObject({ actorUserId: cast.operator.id, libraryId: cast.libraryA.id, after: { email: 'helper@example.test', role: 'staff' } });
    const log = await call<{ entries: { action: string }[] }>(app, `/api/admin/audit?libraryId=${cast.libraryA.id}`, { token: cast.tokens.staffA });
    expect(log.body.entries.map((entry) => entry.action)).toContain('role.grant');
    const staffRoles = await app.db.select().from(libraryStaff).where(eq(libraryStaff.userId, granted.body.userId));
    expect(staffRoles).toHaveLength(1);

    const revoked = await call(app, '/api/admin/roles', { method: 'DELETE', token: cast.tokens.operator, body: { userId: granted.body.userId, role: 'staff', libraryId: cast.libraryA.id } });
    expect(revoked.status).toBe(200);
    expect(await lastAudit(app.db, 'role.revoke', `user:${granted.body.userId}`)).toMatchObject({ before: { role: 'staff' } });
  });

  it('appears in the OpenAPI document', async () => {
    const doc = await call<{ paths: Record<string, unknown> }>(app, '/api/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/admin/me', '/api/admin/roles', '/api/admin/audit']));
  });
});

describe('npm run operator -- add <email>', () => {
  /** The command as an operator runs it, on this test's database, with its own DATA_DIR. */
  async function operatorCommand(dataDir: string, env: Record<string, string> = {}) {
    const inherited: NodeJS.ProcessEnv = { ...process.env };
    delete inherited.SITE_URL;
    const result = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/operator.ts', 'add', `op.${Date.now()}@example.test`], {
      env: { ...inherited, DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL, ...env },
    }).catch((error: { stdout: string; stderr: string; code: number }) => error);
    return { stdout: result.stdout, stderr: result.stderr, code: 'code' in result ? result.code : 0 };
  }

  it('prints the address the running site recorded, SITE_URL when set, and no guessed address when neither is known', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'operator-'));
    try {
      const none = await operatorCommand(dataDir);
      expect(none.code).toBe(1);
      expect(none.stderr).toContain('No site is running on this DATA_DIR and SITE_URL is not set');
      expect(none.stdout).not.toContain('http');
      // What scripts/site-server.ts writes when it listens (this test process stands in for the live site).
      fs.writeFileSync(path.join(dataDir, 'site.json'), JSON.stringify({ url: 'http://127.0.0.1:4321', pid: process.pid }));
      const running = await operatorCommand(dataDir);
      expect(running.stdout).toMatch(/^ {2}http:\/\/127\.0\.0\.1:4321\/third-party-login\?randomtoken=/m);
      const configured = await operatorCommand(dataDir, { SITE_URL: 'https://reading.example.org/' });
      expect(configured.stdout).toMatch(/^ {2}https:\/\/reading\.example\.org\/third-party-login\?randomtoken=/m);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('grants the operator role and prints a one-time link that signs in and opens the console', async () => {
    const { link, created } = await addOperator('first.operator@example.test', 'http://localhost:3000');
    expect(created).toBe(true);
    const token = new URL(link).searchParams.get('randomtoken');
    expect(link).toMatch(/^http:\/\/localhost:3000\/third-party-login\?randomtoken=/);
    const user = await findUserByEmail('first.operator@example.test');
    expect(await app.db.select().from(siteOperators).where(eq(siteOperators.userId, user!.id))).toHaveLength(1);
    expect(await lastAudit(app.db, 'role.grant', `user:${user!.id}`)).toMatchObject({ actorUserId: null, actorLabel: 'npm run operator' });

    const signedIn = await call<{ jwtoken: string; redirect: string }>(app, '/api/user/validateToken', { body: { randomtoken: token } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.redirect).toBe('/admin');
    const me = await call(app, '/api/admin/me', { token: signedIn.body.jwtoken });
    expect(me.body).toMatchObject({ operator: true });
    const again = await call(app, '/api/user/validateToken', { body: { randomtoken: token } });
    expect(again.status).toBe(401);
  });
});

describe('the audit log', () => {
  it('prunes rows older than AUDIT_RETENTION_DAYS with the hourly clean-up, and never stores a secret', async () => {
    await app.db.insert(auditLog).values({ action: 'old.thing', at: sql`now() - interval '400 days'` });
    process.env.AUDIT_RETENTION_DAYS = '365';
    await audit(app.db, { userId: null, label: 'test' }, { action: 'new.thing', after: { name: 'x', oidcClientSecret: 'hush' } });
    expect(await lastAudit(app.db, 'old.thing')).not.toBeNull();
    await cleanUp();
    delete process.env.AUDIT_RETENTION_DAYS;
    expect(await lastAudit(app.db, 'old.thing')).toBeNull();
    expect(await lastAudit(app.db, 'new.thing')).toMatchObject({ after: { name: 'x', oidcClientSecret: '(set)' } });
  });
});

describe('the gate (/admin is not an open route)', () => {
  it('sends a signed-out visitor to /login and lets any session through to the page’s own role check', () => {
    const now = 1_000_000;
    expect(decideGate('/admin', null, now)).toMatchObject({ action: 'redirect', to: '/login' });
    expect(decideGate('/admin/members', { libraryId: '0', expiresAt: 0 }, now)).toEqual({ action: 'allow' });
  });
});
