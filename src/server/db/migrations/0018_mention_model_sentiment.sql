-- Each mention's sentiment is read toward its own project (docs/nlp/brand-sentiment.md), so the model's reading of a
-- mention can differ from its document's. Kept apart from `sentiment`, which a person may change: choosing the
-- model's reading again takes an edit back, and corrections record what the model said. Null for mentions linked
-- before this migration, whose reading was their document's.
alter table mentions add column model_sentiment smallint check (model_sentiment in (0, 1, 2));
