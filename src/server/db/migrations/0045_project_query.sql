-- Issue 38: a brand's advanced query (AND, OR, NOT, NEAR/n…); when set it is the brand's matching rule and its keywords
-- stay its display terms.
alter table projects add column query text;
