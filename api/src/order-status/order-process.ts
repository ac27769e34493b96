import type { Tx } from '../db/client';
import type { Transition } from './move-order';
import type { OrderInProcess, PlacementRequest } from './order-in-process';
import type { HeldStatus, OrderOrigin, OrderStatus } from './order-status';
import type { PlaceProblem } from './problems';

/** Why a policy holds an order, kept on it (orders.approval_reasons) and shown to its deciders and its buyer. */
export type HoldReason = Record<string, unknown>;

/**
 * What a placement policy answers for an order about to be placed: place it (with reasons to keep, e.g. the
 * limits an approval already covers), hold it for a decision (approval's unless it names another held
 * status), or refuse to place it at all.
 */
export type Verdict = { kind: 'pass'; reasons?: HoldReason[] } | { kind: 'hold'; reasons: HoldReason[]; status?: HeldStatus } | { kind: 'refuse'; problem: PlaceProblem };

/**
 * A module's rule for whether an order may be placed, asked on every request to place one
 * (request-placement.ts): checkout, a standing order's delivery, an amendment, an approval, a resubmission.
 */
export interface PlacementPolicy {
  name: string;
  guard(tx: Tx, order: PlacementRequest, to: 'placed'): Promise<Verdict>;
}

/**
 * What a placement decided, as reactions see it: each policy's verdict by name (a module reads its own), and
 * whether the order moved.
 */
export interface Settled {
  verdicts: ReadonlyMap<string, Verdict>;
}

/**
 * A module's reaction to an order's move (or to a request to place it that left it where it was, from ===
 * to), run in the move's transaction after the process wrote the move and its event: notices, follow-ups.
 */
export interface Reaction {
  name: string;
  after(tx: Tx, order: OrderInProcess, from: OrderOrigin, to: OrderStatus, transition: Transition, settled?: Settled): Promise<void>;
}

// One process per API process: modules register at start-up (app.ts), a test may add its own for a while.
const policies = new Map<string, PlacementPolicy>();
const reactions = new Map<string, Reaction>();

/** Adds a placement policy, asked after those registered before it; answers how to remove it again. */
export function registerPlacementPolicy(policy: PlacementPolicy): () => void {
  policies.set(policy.name, policy);
  return () => policies.delete(policy.name);
}

/** Adds a reaction, run after those registered before it; answers how to remove it again. */
export function registerReaction(reaction: Reaction): () => void {
  reactions.set(reaction.name, reaction);
  return () => reactions.delete(reaction.name);
}

/** Runs every reaction to a move, in registration order. */
export async function react(tx: Tx, order: OrderInProcess, transition: Transition, settled?: Settled): Promise<void> {
  for (const reaction of reactions.values()) await reaction.after(tx, order, transition.from, transition.to, transition, settled);
}

/** The policies in registration order. */
export const placementPolicies = (): PlacementPolicy[] => [...policies.values()];
