package dev.weir.pipelines.tca;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The plain-loop reference of {@code tca}: takes the order events of all stocks in sequence order, keeps each stock's
 * book in ordinary collections (its own code, not {@link TopOfBook}'s) and records, in order, each change of a stock's
 * top of book as a {@link Quote}, each trade as a {@link TcaTrade} (the rules of {@link TopOfBook}) and, for each
 * trade, its {@link TcaRow} against the top of book of its stock just before the trade's message. Not thread-safe.
 */
public final class TcaLoop {
    private final Map<String, Book> books = new HashMap<>();
    private final List<Quote> quotes = new ArrayList<>();
    private final List<TcaTrade> trades = new ArrayList<>();
    private final List<TcaRow> rows = new ArrayList<>();

    /** @param event the next event, read now and not kept */
    public void accept(final OrderEvent event) {
        final String symbol = event.symbol().text();
        final Book book = books.computeIfAbsent(symbol, s -> new Book());
        final Order order = book.orders.get(event.reference());
        switch (event.type()) {
            case ADD_ORDER, ADD_ORDER_WITH_MPID -> book.put(event.reference(), new Order(event.side() == 'B', event.price(), event.shares()));
            case ORDER_EXECUTED -> {
                if (order != null) {
                    trade(book, new TcaTrade(symbol, event.timestampNanos(), order.price, event.shares()));
                    book.take(event.reference(), event.shares());
                }
            }
            case ORDER_EXECUTED_WITH_PRICE -> {
                if (order != null) {
                    if (event.printable()) {
                        trade(book, new TcaTrade(symbol, event.timestampNanos(), event.price(), event.shares()));
                    }
                    book.take(event.reference(), event.shares());
                }
            }
            case ORDER_CANCEL -> book.take(event.reference(), event.shares());
            case ORDER_DELETE -> book.take(event.reference(), Long.MAX_VALUE);
            case ORDER_REPLACE -> {
                if (order != null) {
                    book.take(event.reference(), Long.MAX_VALUE);
                    book.put(event.newReference(), new Order(order.bid, event.price(), event.shares()));
                }
            }
            case TRADE -> trade(book, new TcaTrade(symbol, event.timestampNanos(), event.price(), event.shares()));
            default -> {
                // no other type comes
            }
        }
        final long bid = book.bids.isEmpty() ? Quote.NO_PRICE : book.bids.lastKey();
        final long ask = book.asks.isEmpty() ? Quote.NO_PRICE : book.asks.firstKey();
        if (bid != book.top.bid() || ask != book.top.ask()) {
            book.top = new Quote(symbol, event.timestampNanos(), bid, ask);
            quotes.add(book.top);
        }
    }

    private void trade(final Book book, final TcaTrade trade) {
        trades.add(trade);
        rows.add(TcaRow.of(trade, book.top));
    }

    /** @return every change of a stock's top of book, in order */
    public List<Quote> quotes() {
        return quotes;
    }

    /** @return every trade, in order */
    public List<TcaTrade> trades() {
        return trades;
    }

    /** @return each trade's row, in trade order */
    public List<TcaRow> rows() {
        return rows;
    }

    /** An open order. */
    private static final class Order {
        private final boolean bid;
        private final long price;
        private long shares;

        Order(final boolean bid, final long price, final long shares) {
            this.bid = bid;
            this.price = price;
            this.shares = shares;
        }
    }

    /** One stock's orders, its levels and its top last recorded. */
    private static final class Book {
        private final Map<Long, Order> orders = new HashMap<>();
        private final TreeMap<Long, Long> bids = new TreeMap<>();
        private final TreeMap<Long, Long> asks = new TreeMap<>();
        private Quote top = Quote.EMPTY;

        void put(final long reference, final Order order) {
            take(reference, Long.MAX_VALUE);
            orders.put(reference, order);
            (order.bid ? bids : asks).merge(order.price, order.shares, Long::sum);
        }

        void take(final long reference, final long shares) {
            final Order order = orders.get(reference);
            if (order == null) {
                return;
            }
            final long taken = Math.min(shares, order.shares);
            order.shares -= taken;
            final TreeMap<Long, Long> side = order.bid ? bids : asks;
            final long left = side.get(order.price) - taken;
            if (left == 0) {
                side.remove(order.price);
            } else {
                side.put(order.price, left);
            }
            if (order.shares == 0) {
                orders.remove(reference);
            }
        }
    }
}
