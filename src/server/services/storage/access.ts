/**
 * Who may read one of our stored objects, decided once: anyone when it is public, only its owner
 * when it is private. Every reader asks here: the storage route and the image proxy (through
 * serve.ts), the engine reading a job's input images, a generate request naming our objects
 * (private-inputs.ts), the creations archive, and the links that hand an image over.
 */

/** What the decision looks at: the object's row in StoredObject. */
export type ObjectAccess = { ownerId: string; isPrivate: boolean };

export function mayReadObject(object: ObjectAccess, viewerId: string | null): boolean {
  return !object.isPrivate || object.ownerId === viewerId;
}

/** The same decision, asking who the viewer is only for a private object (reading a session costs a lookup). */
export async function mayReadObjectAs(object: ObjectAccess, viewer: () => Promise<string | null>): Promise<boolean> {
  return mayReadObject(object, object.isPrivate ? await viewer() : null);
}
