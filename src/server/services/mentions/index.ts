export { lockMentions, moveSentiments, type LockedMention } from "./change-mentions.ts";
export { exportFilteredMentions, exportMentions, type ExtraSheet } from "./export-mentions.ts";
export { hotMentions, latestMentions, listMentions, mentionStats } from "./list-mentions.ts";
export { sentimentReasons } from "./sentiment-reasons.ts";
export { storyMentions } from "./story-mentions.ts";
export { undoEdit } from "./undo-edit.ts";
export { updateMentions } from "./update-mentions.ts";
