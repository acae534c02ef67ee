-- The Nexmark benchmark's query 17 (github.com/nexmark/nexmark, Apache License 2.0); only the sink is adapted: the SELECT feeds the test's collecting sink instead of INSERT INTO nexmark_q17.
-- -------------------------------------------------------------------------------------------------
-- Query 17: Auction Statistics Report (Not in original suite)
-- -------------------------------------------------------------------------------------------------
-- How many bids on an auction made a day and what is the price?
-- Illustrates an unbounded group aggregation.
-- -------------------------------------------------------------------------------------------------

SELECT
     auction,
     DATE_FORMAT(`dateTime`, 'yyyy-MM-dd') as `day`,
     count(*) AS total_bids,
     count(*) filter (where price < 10000) AS rank1_bids,
     count(*) filter (where price >= 10000 and price < 1000000) AS rank2_bids,
     count(*) filter (where price >= 1000000) AS rank3_bids,
     min(price) AS min_price,
     max(price) AS max_price,
     avg(price) AS avg_price,
     sum(price) AS sum_price
FROM bid
GROUP BY auction, DATE_FORMAT(`dateTime`, 'yyyy-MM-dd');
