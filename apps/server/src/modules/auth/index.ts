// The auth module's public face: what other modules may use of it.
export { proofColumns, proofJoins, type SessionProof, sessionProofOf } from './session-proof.js';
