import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../../http/app-error';
import { readToken } from '../../plugins/auth';
import type { AppServices } from '../../services';
import type { OperatorRole, SessionOperator } from './operator.service';

/** One lookup per request, however many times a route asks. */
const resolved = new WeakMap<FastifyRequest, Promise<SessionOperator | null>>();

/** The operator session behind the request's token (operator scope only), or null. */
export async function findRequestOperator(request: FastifyRequest): Promise<SessionOperator | null> {
  const token = readToken(request);
  if (!token) return null;
  let pending = resolved.get(request);
  if (!pending) {
    const { operators } = (request.server as unknown as { services: AppServices }).services;
    pending = operators.resolve(token);
    resolved.set(request, pending);
  }
  return pending;
}

/**
 * Resolve the request's operator token or throw: 401 OPERATOR_UNAUTHORIZED without a live
 * operator session (member tokens never count), 403 OPERATOR_FORBIDDEN when the operator's role
 * is not in `roles`. 'admin' is allowed everywhere.
 */
export async function requireOperator(
  request: FastifyRequest,
  roles: readonly OperatorRole[],
): Promise<{ operatorId: string; username: string; role: OperatorRole }> {
  const operator = await findRequestOperator(request);
  if (!operator) throw new AppError(ErrorCode.OPERATOR_UNAUTHORIZED, 'An operator login is required');
  if (operator.role !== 'admin' && !roles.includes(operator.role)) {
    throw new AppError(ErrorCode.OPERATOR_FORBIDDEN, 'Your operator role may not do this', { role: operator.role, allowed: roles });
  }
  return { operatorId: operator.operatorId, username: operator.username, role: operator.role };
}
