export interface Scores {
  accuracy: number;
  macroF1: number;
  n: number;
}

/** Accuracy and macro-F1 (over the classes present in gold or predictions, as the model card counts them), in percent. */
export function scoreLabels(gold: ArrayLike<number>, predicted: ArrayLike<number>): Scores {
  const classes = new Set<number>();
  let correct = 0;
  for (let i = 0; i < gold.length; i++) {
    classes.add(gold[i]);
    classes.add(predicted[i]);
    if (gold[i] === predicted[i]) correct++;
  }
  let f1Sum = 0;
  for (const c of classes) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (let i = 0; i < gold.length; i++) {
      if (predicted[i] === c && gold[i] === c) tp++;
      else if (predicted[i] === c) fp++;
      else if (gold[i] === c) fn++;
    }
    f1Sum += tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  }
  return {
    accuracy: gold.length === 0 ? 0 : (100 * correct) / gold.length,
    macroF1: classes.size === 0 ? 0 : (100 * f1Sum) / classes.size,
    n: gold.length,
  };
}

/** F1 of one class, in percent (0 when the class is neither in gold nor predicted). */
export function classF1(gold: ArrayLike<number>, predicted: ArrayLike<number>, c: number): number {
  let tp = 0;
  let wrong = 0;
  for (let i = 0; i < gold.length; i++) {
    if (predicted[i] === c && gold[i] === c) tp++;
    else if (predicted[i] === c || gold[i] === c) wrong++;
  }
  return tp === 0 ? 0 : (100 * 2 * tp) / (2 * tp + wrong);
}
