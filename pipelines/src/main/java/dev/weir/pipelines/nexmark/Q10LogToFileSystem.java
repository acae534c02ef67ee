package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;
import java.nio.file.Path;

/**
 * Nexmark query 10, log to file system: every bid with its day and minute, {@code DATE_FORMAT(dateTime, 'yyyy-MM-dd')}
 * and {@code DATE_FORMAT(dateTime, 'HH:mm')} (UTC, {@link SqlDateFormat}), the partition columns of the SQL's
 * filesystem table. CSV columns {@code auction,bidder,price,dateTime,extra,dt,hm}, {@code dateTime} as
 * {@link SqlTimestamp}, {@code extra} as {@link CsvText}. {@link #files(Path)} writes the rows as the SQL's table
 * does: the partition columns name the directory {@code dt=.../hm=...}, the other five columns are the file's line.
 */
public final class Q10LogToFileSystem {
    /** The CSV header. */
    public static final String HEADER = "auction,bidder,price,dateTime,extra,dt,hm";
    private Q10LogToFileSystem() {
    }

    /**
     * @param events the Nexmark events
     * @return one CSV row per bid, with the bid's time
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return NexmarkStreams.bids(events).map(Q10LogToFileSystem::row);
    }

    /**
     * @param directory the table's directory, created when missing
     * @return the sink that writes rows of {@link #rows} under {@code directory/dt=yyyy-MM-dd/hm=HH:mm/}
     */
    public static PartitionedFileSink files(final Path directory) {
        return new PartitionedFileSink(directory, "dt", "hm");
    }

    private static String row(final BidRecord bid) {
        return bid.auction() + "," + bid.bidder() + "," + bid.price() + "," + SqlTimestamp.format(bid.dateTime()) + ","
                + CsvText.field(bid.extra()) + "," + SqlDateFormat.day(bid.dateTime()) + "," + SqlDateFormat.minute(bid.dateTime());
    }
}
