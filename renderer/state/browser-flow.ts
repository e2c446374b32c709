// The browser sign-in flow the UI follows (connect a school, sign in again, grant more access): one at a
// time, since the main process runs one. A pure reducer, so each transition is tested without React.
import type { SerializedAppError } from '../../shared/errors';
import type { ConnectProgress, ConnectStep } from '../../shared/ipc/accounts';

export type BrowserFlowKind = 'connect' | 'sign_in_again' | 'grant' | 'reconnect';

export type BrowserFlowState =
  | { phase: 'idle' }
  | {
      phase: 'running';
      kind: BrowserFlowKind;
      target: string;
      step: ConnectStep | null;
      authorizationUrl: string | null;
      cancelling: boolean;
      /** The admin came back to the app while it still waited for the sign-in page (likely closed that tab). */
      backWhileWaiting?: true;
      /** The sign-in server's origin when it is not the school's: shown before and while the browser is open. */
      signInOrigin?: string | null;
    }
  | { phase: 'failed'; kind: BrowserFlowKind; target: string; error: SerializedAppError };

export type BrowserFlowAction =
  | { type: 'start'; kind: BrowserFlowKind; target: string }
  | { type: 'progress'; progress: ConnectProgress }
  | { type: 'cancelling' }
  | { type: 'returned' }
  | { type: 'pageReopened' }
  | { type: 'failed'; error: SerializedAppError }
  | { type: 'succeeded' }
  | { type: 'dismiss' };

export const IDLE: BrowserFlowState = { phase: 'idle' };

export function browserFlowReducer(state: BrowserFlowState, action: BrowserFlowAction): BrowserFlowState {
  switch (action.type) {
    case 'start':
      return { phase: 'running', kind: action.kind, target: action.target, step: null, authorizationUrl: null, cancelling: false };
    case 'progress': {
      // Progress only moves a flow the UI started; a stray event (another window's flow) changes nothing.
      if (state.phase !== 'running') return state;
      const { step, authorizationUrl } = action.progress;
      const moved = withoutBack(state);
      const signInOrigin = action.progress.signInOrigin ?? state.signInOrigin ?? null;
      if (step === 'failed' || step === 'cancelled' || step === 'done') return { ...moved, step, authorizationUrl: null, signInOrigin };
      return { ...moved, step, authorizationUrl: step === 'waiting_for_browser' ? (authorizationUrl ?? state.authorizationUrl) : null, signInOrigin };
    }
    case 'cancelling':
      return state.phase === 'running' ? { ...state, cancelling: true } : state;
    case 'returned':
      // Only while the app waits for the answer: after Allow the steps have moved on by the time the admin is back.
      return state.phase === 'running' && state.step === 'waiting_for_browser' ? { ...state, backWhileWaiting: true } : state;
    case 'pageReopened':
      return state.phase === 'running' ? withoutBack(state) : state;
    case 'failed':
      return state.phase === 'running' ? { phase: 'failed', kind: state.kind, target: state.target, error: action.error } : state;
    case 'succeeded':
      return IDLE;
    case 'dismiss':
      // Only a finished failure is dismissed: a flow in progress ends by itself or by Cancel.
      return state.phase === 'failed' ? IDLE : state;
  }
}

function withoutBack(state: Extract<BrowserFlowState, { phase: 'running' }>): Extract<BrowserFlowState, { phase: 'running' }> {
  if (!state.backWhileWaiting) return state;
  const { backWhileWaiting: _back, ...rest } = state;
  return rest;
}
