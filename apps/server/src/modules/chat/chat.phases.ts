import { chatPhases, type BusinessAction, type ChatPhase } from '@maplesource/contracts';

/**
 * A conversation's phase after a business action (decision 100). The inbox status follows from the phase
 * (`chatStatusOfPhase` in contracts): inquiry, negotiation, invoiced and ordered are active.
 */
export function phaseAfter(
  current: ChatPhase,
  action: BusinessAction,
  payload: Record<string, unknown> | null,
): ChatPhase {
  switch (action) {
    case 'quotation_created':
      return 'inquiry';
    case 'quotation_accepted':
      return 'negotiation';
    case 'quotation_rejected':
      return 'cancelled';
    case 'invoice_sent':
      return 'invoiced';
    case 'invoice_rejected':
      return 'negotiation';
    case 'invoice_accepted':
    case 'order_created':
      return 'ordered';
    case 'order_updated': {
      const status = typeof payload?.status === 'string' ? payload.status : null;
      if (status === 'delivered') return 'completed';
      if (status === 'cancelled' || status === 'returned') return 'cancelled';
      return current === 'completed' ? 'completed' : 'ordered';
    }
    case 'order_cancelled':
      return 'cancelled';
    case 'invoice_withdrawn':
      // Back to negotiating, unless a newer invoice was sent since (decision 271).
      return current === 'invoiced' ? 'negotiation' : current;
    case 'invoice_expired':
      // Back to negotiating, as after a rejection — unless the conversation moved on (a newer invoice, decision 167).
      return current === 'invoiced' ? 'negotiation' : current;
  }
}

/**
 * The phase after `actions` when it is the same whatever the phase before (e.g. `invoice_accepted` +
 * `order_created` → ordered), for a statement that moves the chat without reading it first. Actions that depend
 * on the phase before, or that change other columns of the chat (`quotation_created`, `invoice_sent`,
 * `invoice_expired`), go through `postBusinessActions` instead.
 */
export function fixedPhaseAfter(
  actions: ReadonlyArray<{ action: BusinessAction; payload: Record<string, unknown> | null }>,
): ChatPhase {
  const phases = new Set(
    chatPhases.map((start) =>
      actions.reduce((phase, { action, payload }) => {
        if (action === 'quotation_created' || action === 'invoice_sent' || action === 'invoice_expired')
          throw new Error(`${action} needs the chat's current state: use postBusinessActions`);
        return phaseAfter(phase, action, payload);
      }, start),
    ),
  );
  if (phases.size !== 1) throw new Error('These actions lead to a phase that depends on the current one');
  return [...phases][0]!;
}
