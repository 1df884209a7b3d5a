import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { refuse } from './domain-errors.js';

/**
 * NIST SP 800-63B for memorised secrets: at least 8 characters, any characters, no composition rules,
 * and no password found on a list of common or breached ones. zxcvbn's common-password dictionary is the
 * list; its guess estimate also refuses keyboard walks, repeats and dates ("qwertyuiop", "aaaaaaaa").
 */
const MIN_LENGTH = 8;
/** zxcvbn score 3 = "safely unguessable: moderate protection from offline slow-hash scenario". */
const MIN_SCORE = 3;

let checker: ZxcvbnFactory | undefined;
const zxcvbn = () => {
  checker ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return checker;
};

/** Why a new password is refused, or null when it may be used. `related` are the user's id and names. */
export function passwordProblem(
  password: string,
  related: (string | null | undefined)[] = [],
): string | null {
  // Logins trim what is typed, so a password with surrounding spaces could be set but never used.
  if (password !== password.trim()) return 'A password may not start or end with a space';
  if ([...password].length < MIN_LENGTH) return `A password has at least ${MIN_LENGTH} characters`;
  const inputs = related.filter((r): r is string => !!r);
  const result = zxcvbn().check(password.slice(0, 128), inputs);
  if (result.score < MIN_SCORE) {
    return 'This password is too common or too easy to guess (it is on a list of common and breached passwords, or close to one): choose a longer, less predictable one';
  }
  return null;
}

/** Throws the refusal for a password that breaks the policy. `what` names the field. */
export function assertPasswordPolicy(
  what: string,
  password: string,
  related: (string | null | undefined)[] = [],
) {
  const problem = passwordProblem(password, related);
  if (problem) throw refuse(`${what}: ${problem}`);
}

/** The login and authorization passwords are two factors for a vend: they may not be the same. */
export function assertPasswordsDiffer(login: string, authorization: string) {
  if (login === authorization) {
    throw refuse('The authorization password must differ from the login password');
  }
}
