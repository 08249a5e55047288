import {
  dashboardSchema,
  originalsReportSchema,
  paymentsReportSchema,
  playersReportSchema,
  pnlReportSchema,
  queueCountsSchema,
  reportRangeQuerySchema,
} from '@wps/shared/schemas/reporting';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { nonJson, success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { originalsCsv, paymentsCsv, playersCsv, pnlCsv, sendCsv } from './reporting-csv';

const csvResponse = { 200: nonJson(['text/csv'], 'The report as CSV (UTF-8, a header row, amounts in major units)') };

/** The back office's dashboard and reports: thin routes over the reporting service. */
export function registerReportingRoutes(app: RouteApp, services: Pick<AppServices, 'reporting'>): void {
  const { reporting } = services;

  app.get(
    '/ops/dashboard',
    {
      config: { permission: 'dashboard.read' },
      schema: { querystring: reportRangeQuerySchema, response: success(dashboardSchema) },
    },
    async (request) => {
      return ok(await reporting.dashboard(request.query));
    },
  );

  // Same permission as the dashboard, which shows the same counts. The sidebar polls it on every
  // screen: the poll must not keep an unattended session alive, so it reads without touching it.
  app.get(
    '/ops/queues/summary',
    {
      config: { permission: 'dashboard.read', sessionTouch: false },
      schema: { response: success(queueCountsSchema) },
    },
    async () => {
      return ok(await reporting.queueCounts());
    },
  );

  app.get(
    '/ops/reports/pnl',
    {
      config: { permission: 'reports.read' },
      schema: { querystring: reportRangeQuerySchema, response: success(pnlReportSchema) },
    },
    async (request) => {
      return ok(await reporting.pnl(request.query));
    },
  );
  app.get(
    '/ops/reports/pnl/csv',
    { config: { permission: 'reports.read' }, schema: { querystring: reportRangeQuerySchema, response: csvResponse } },
    async (request, reply) => {
      return sendCsv(reply, 'pnl', request.query, pnlCsv(await reporting.pnl(request.query)));
    },
  );

  app.get(
    '/ops/reports/payments',
    {
      config: { permission: 'reports.read' },
      schema: { querystring: reportRangeQuerySchema, response: success(paymentsReportSchema) },
    },
    async (request) => {
      return ok(await reporting.payments(request.query));
    },
  );
  app.get(
    '/ops/reports/payments/csv',
    { config: { permission: 'reports.read' }, schema: { querystring: reportRangeQuerySchema, response: csvResponse } },
    async (request, reply) => {
      return sendCsv(reply, 'payments', request.query, paymentsCsv(await reporting.payments(request.query)));
    },
  );

  app.get(
    '/ops/reports/players',
    {
      config: { permission: 'reports.read' },
      schema: { querystring: reportRangeQuerySchema, response: success(playersReportSchema) },
    },
    async (request) => {
      return ok(await reporting.players(request.query));
    },
  );
  app.get(
    '/ops/reports/players/csv',
    { config: { permission: 'reports.read' }, schema: { querystring: reportRangeQuerySchema, response: csvResponse } },
    async (request, reply) => {
      return sendCsv(reply, 'players', request.query, playersCsv(await reporting.players(request.query)));
    },
  );

  app.get(
    '/ops/reports/originals',
    {
      config: { permission: 'reports.read' },
      schema: { querystring: reportRangeQuerySchema, response: success(originalsReportSchema) },
    },
    async (request) => {
      return ok(await reporting.originals(request.query));
    },
  );
  app.get(
    '/ops/reports/originals/csv',
    { config: { permission: 'reports.read' }, schema: { querystring: reportRangeQuerySchema, response: csvResponse } },
    async (request, reply) => {
      return sendCsv(reply, 'originals', request.query, originalsCsv(await reporting.originals(request.query)));
    },
  );
}
