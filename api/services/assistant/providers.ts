import type { BusinessSettings } from '#contract/schemas/business-settings';
import type { ApiDeps } from '#api/deps';
import { createBuiltinProvider } from './builtin/index';
import { createOpenAiProvider } from './openai';
import type { AssistantProvider } from './types';

/**
 * The provider a business's next message goes to: the openai-compatible model when the
 * business chose it and this server has one configured (ASSISTANT_*), else the built-in
 * one, which needs nothing and so always works.
 */
let builtin: AssistantProvider | undefined;
const models = new WeakMap<NonNullable<ApiDeps['assistantModel']>, AssistantProvider>();

export function builtinProvider(): AssistantProvider {
  builtin ??= createBuiltinProvider();
  return builtin;
}

export function selectProvider(deps: Pick<ApiDeps, 'assistantModel'>, settings: BusinessSettings): AssistantProvider {
  const model = deps.assistantModel;
  if (settings.assistant.provider !== 'openai-compatible' || !model) return builtinProvider();
  let provider = models.get(model);
  if (!provider) {
    provider = createOpenAiProvider({ baseUrl: model.baseUrl, apiKey: model.apiKey, model: model.model });
    models.set(model, provider);
  }
  return provider;
}
