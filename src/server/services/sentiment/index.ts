export { forgetAccountClassifier, readerOf } from "./account-classifier.ts";
export { baseReader, projectReaders, type ProjectReaders } from "./project-readers.ts";
