/**
 * Registers the prompt helpers with the generator's plug point (features/generator/extensions.ts).
 * Imported for its effect by the editing controls' index, which the form renderer loads.
 */
import { generatorExtensions } from '~/features/generator/extensions';
import { PromptAssistHost } from './PromptAssistHost';

generatorExtensions.PromptAssistHost ??= PromptAssistHost;
