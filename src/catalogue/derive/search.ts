/**
 * Searching the catalogue's content: one rule each for LoRAs and effects, called by the pickers
 * in the browser and by the lora/effects procedures on the server. Case-insensitive substring
 * over the fields a person reads. Types only from content: this file ships to the browser.
 */
import type { ImageEffect, Lora, VideoEffect } from '../content/types';

const needleOf = (query: string | undefined): string => (query ?? '').trim().toLowerCase();
const anyIncludes = (needle: string, texts: readonly string[]): boolean => texts.some((text) => text.toLowerCase().includes(needle));

/** LoRAs matching a search (label, description, type, handle, id, tags, trigger words) and an optional tag (any case). */
export function searchLoras<L extends Pick<Lora, 'id' | 'label' | 'description' | 'type' | 'handle' | 'tags' | 'triggerWords'>>(
  list: readonly L[],
  query?: string,
  tag?: string | null,
): L[] {
  const needle = needleOf(query);
  const wantedTag = tag?.toLowerCase();
  return list.filter((lora) => {
    if (wantedTag && !lora.tags.some((t) => t.toLowerCase() === wantedTag)) return false;
    return !needle || anyIncludes(needle, [lora.label, lora.description, lora.type, lora.handle, lora.id, ...lora.tags, ...lora.triggerWords]);
  });
}

/** Every tag LoRAs carry, once each, in code-point order (lora.list's tag list). */
export function allLoraTags(list: readonly Pick<Lora, 'tags'>[]): string[] {
  return [...new Set(list.flatMap((lora) => lora.tags))].sort();
}

/** Tags by how many LoRAs carry them, most common first, then alphabetically (the picker's chips). */
export function loraTags(list: readonly Pick<Lora, 'tags'>[]): string[] {
  const counts = new Map<string, number>();
  for (const lora of list) for (const tag of lora.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([tag]) => tag);
}

/** Effects matching a search over name, description and id. */
export function searchEffects<E extends Pick<ImageEffect | VideoEffect, 'id' | 'name' | 'description'>>(list: readonly E[], query?: string): E[] {
  const needle = needleOf(query);
  return needle ? list.filter((e) => anyIncludes(needle, [e.name, e.description, e.id])) : [...list];
}
