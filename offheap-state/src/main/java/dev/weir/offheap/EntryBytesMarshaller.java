package dev.weir.offheap;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.hash.serialization.SizedReader;
import net.openhft.chronicle.hash.serialization.SizedWriter;

/**
 * Moves {@link EntryBytes} in and out of Chronicle Map as they are: the map stores the bytes
 * the state serializers wrote. Reading fills the {@code using} object, so lookups through
 * {@code getUsing} allocate nothing. Stateless.
 */
final class EntryBytesMarshaller implements SizedReader<EntryBytes>, SizedWriter<EntryBytes> {
    /** The shared instance. */
    static final EntryBytesMarshaller INSTANCE = new EntryBytesMarshaller();

    @Override
    public EntryBytes read(final Bytes<?> in, final long size, final EntryBytes using) {
        final EntryBytes target = using != null ? using : new EntryBytes((int) size);
        target.resize((int) size);
        in.read(target.bytes(), 0, (int) size);
        return target;
    }

    @Override
    public long size(final EntryBytes toWrite) {
        return toWrite.length();
    }

    @Override
    public void write(final Bytes<?> out, final long size, final EntryBytes toWrite) {
        out.write(toWrite.bytes(), 0, toWrite.length());
    }
}
