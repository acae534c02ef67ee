package dev.weir.flink.scenario;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

/**
 * The sinks of a scenario job: each hands what it receives to the run's {@link LineBoard}, either
 * as a line or as one more record dropped as late. Chained to the window operator (same task, same
 * parallelism), so the board sees each subtask's main and side output in the order it emitted them.
 *
 * @param <T> what the sink receives
 */
final class BoardSink<T> implements Sink<T> {
    private static final long serialVersionUID = 1L;

    private final String boardId;
    private final boolean countsDropped;
    private final boolean bySubtask;

    private BoardSink(final String boardId, final boolean countsDropped, final boolean bySubtask) {
        this.boardId = boardId;
        this.countsDropped = countsDropped;
        this.bySubtask = bySubtask;
    }

    /**
     * @param board the run's board
     * @return a sink that adds each line to the board
     */
    static BoardSink<String> lines(final LineBoard board) {
        return new BoardSink<>(board.id(), false, false);
    }

    /**
     * @param board the run's board
     * @return a sink that adds each line of a two-input join's subtask to the board, in the subtask's epoch
     */
    static BoardSink<String> joinLines(final LineBoard board) {
        return new BoardSink<>(board.id(), false, true);
    }

    /**
     * @param board the run's board
     * @param <T> the record type
     * @return a sink that counts each record it receives as dropped late
     */
    static <T> BoardSink<T> droppedLate(final LineBoard board) {
        return new BoardSink<>(board.id(), true, false);
    }

    @Override
    public SinkWriter<T> createWriter(final WriterInitContext context) {
        final LineBoard board = LineBoard.of(boardId);
        final int subtask = context.getTaskInfo().getIndexOfThisSubtask();
        return new SinkWriter<>() {
            @Override
            public void write(final T element, final Context context) {
                if (countsDropped) {
                    board.dropLate();
                } else if (bySubtask) {
                    board.add(subtask, (String) element);
                } else {
                    board.add((String) element);
                }
            }

            @Override
            public void flush(final boolean endOfInput) {
            }

            @Override
            public void close() {
            }
        };
    }
}
