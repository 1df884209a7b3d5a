// The tariff module's public face: what other modules may use of it.
export { type EffectiveTariff, effectiveTariff } from './tariff.repo.js';
