import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedEvalBusiness } from './seed';
import { TUNE } from './tune';

/** Hartley Plumbing & Heating: every case was tuned on before the split existed, so none is held out. */
export const plumber: EvalBusiness = {
  key: 'plumber',
  name: 'Hartley Plumbing & Heating, Leeds',
  now: EVAL_NOW,
  seed: seedEvalBusiness,
  tune: TUNE,
  holdout: [],
};
