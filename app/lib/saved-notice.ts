type SaveVerb = "created" | "updated" | "deleted";

/**
 * The spec's notice of an admin save, e.g. { title: "Service created", description: "The service has been
 * created successfully." }: the toast once hydrated. `nounInSentence` where plain lower case is wrong ("FAQ").
 */
export function saveToast(noun: string, verb: SaveVerb, nounInSentence = noun.toLowerCase()) {
  return { title: `${noun} ${verb}`, description: `The ${nounInSentence} has been ${verb} successfully.` };
}

/** The same notices as one line each, shown on the page a save posted without JavaScript redirects to. */
export function savedNotices(noun: string, nounInSentence?: string): Record<SaveVerb, string> {
  const line = (verb: SaveVerb) => {
    const { title, description } = saveToast(noun, verb, nounInSentence);
    return `${title}: ${description.charAt(0).toLowerCase()}${description.slice(1)}`;
  };
  return { created: line("created"), updated: line("updated"), deleted: line("deleted") };
}
