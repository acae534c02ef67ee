package dev.weir.pipelines.trades;

import dev.weir.pipelines.replay.EventRecords;
import dev.weir.pipelines.replay.PayloadDecoder;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.scenario.ScenarioRecord;

/**
 * ITCH trades as job-file records ({@code weir replay --job JOB.yaml --decoder itch}): key = the symbol
 * (trimmed), timestamp = the trade's event time (ms since midnight), value = the shares traded. Stateless;
 * thread-safe.
 */
public final class TradeRecords implements EventRecords<TradePrint> {
    @Override
    public String name() {
        return "itch";
    }

    @Override
    public PayloadDecoder<TradePrint> decoder(final ReplayContext context) {
        return new ItchTradeDecoder(context);
    }

    @Override
    public ScenarioRecord record(final TradePrint trade, final long eventTimeMillis) {
        return new ScenarioRecord(trade.symbol().text(), eventTimeMillis, trade.shares());
    }
}
