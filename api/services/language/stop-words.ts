/**
 * Words that say how a question is asked, not what it is about: the built-in assistant's terms
 * (builtin/text.ts) and the sentence vectors (vectors.ts) both leave them out.
 */
export const STOP_WORDS = new Set(
  `a an the and or but if of to in on at by for with from about as into like through after over between out against during without before under around among
  is are was were be been being am do does did doing done have has had having i me my mine myself we us our ours you your yours he him his she her it its they them their
  yourself yourselves ourselves himself herself itself themselves oneself
  what which who whom whose this that these those there here when where why how can could would should will shall may might must not no yes so just also too very
  please thanks thank hi hello hey any some all each every both either neither more most other such own same than then once only again ok okay
  get got getting gets need needs want wants wanted wondering wonder wondered know tell let think reckon suppose im id ive youre dont doesnt isnt arent cant whats theres wont didnt
  s t d ll re ve m one ones something anything thing things stuff really actually maybe possible possibly able sure lot lots bit guy guys mate anyone someone somebody anybody
  much many well still even kind sort type else up down off good great nice lovely bye goodbye cheers anywhere somewhere everywhere whereabouts near nearby nearest
  while whilst until because though although whether unless whenever wherever never ever already roughly approximately afterwards afterward beforehand
  weve youve theyve theyre youll theyll itll thatll youd theyd hed hes shes thats hows whos wheres whens whys lets aint
  couldnt wouldnt shouldnt havent hasnt hadnt wasnt werent wouldve couldve shouldve`
    .split(/\s+/)
    .filter(Boolean),
);
