-- The Nexmark benchmark's query 13 (github.com/nexmark/nexmark, Apache License 2.0); only the source and the sink are adapted: side_input is the test's lookup table over the same key,value file (connector nexmark-side-input, ${SIDE_INPUT} its path), and the SELECT feeds the test's collecting sink instead of INSERT INTO nexmark_q13.
-- -------------------------------------------------------------------------------------------------
-- Query 13: Bounded Side Input Join (Not in original suite)
-- -------------------------------------------------------------------------------------------------
-- Joins a stream to a bounded side input, modeling basic stream enrichment.
-- -------------------------------------------------------------------------------------------------

CREATE TABLE side_input (
  key BIGINT,
  `value` VARCHAR
) WITH (
  'connector' = 'nexmark-side-input',
  'path' = '${SIDE_INPUT}'
);

SELECT
    B.auction,
    B.bidder,
    B.price,
    B.`dateTime`,
    S.`value`
FROM (SELECT *, PROCTIME() as p_time FROM bid) B
JOIN side_input FOR SYSTEM_TIME AS OF B.p_time AS S
ON mod(B.auction, 10000) = S.key;
