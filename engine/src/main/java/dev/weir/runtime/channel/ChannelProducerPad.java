package dev.weir.runtime.channel;

import com.lmax.disruptor.RingBuffer;
import dev.weir.event.StreamEvent;

/**
 * 128 bytes between a {@link Channel}'s read-only wiring and its producer's cursor: two cache
 * lines, because CPUs that fetch lines in adjacent pairs would otherwise still share them (the
 * JDK's {@code @Contended} pads by 128 bytes too). Padding goes in a class of its own because
 * the JVM orders the fields of one class as it likes, but lays out a superclass's fields before
 * its subclass's; and it is bytes, not longs, because the JVM fills holes left by a superclass
 * (after the header, after its last field) with the subclass's small fields, which would put a
 * {@code boolean} of the cursor among the wiring again.
 */
abstract class ChannelProducerPad extends ChannelWiring {
    protected byte p000, p001, p002, p003, p004, p005, p006, p007;
    protected byte p008, p009, p010, p011, p012, p013, p014, p015;
    protected byte p016, p017, p018, p019, p020, p021, p022, p023;
    protected byte p024, p025, p026, p027, p028, p029, p030, p031;
    protected byte p032, p033, p034, p035, p036, p037, p038, p039;
    protected byte p040, p041, p042, p043, p044, p045, p046, p047;
    protected byte p048, p049, p050, p051, p052, p053, p054, p055;
    protected byte p056, p057, p058, p059, p060, p061, p062, p063;
    protected byte p064, p065, p066, p067, p068, p069, p070, p071;
    protected byte p072, p073, p074, p075, p076, p077, p078, p079;
    protected byte p080, p081, p082, p083, p084, p085, p086, p087;
    protected byte p088, p089, p090, p091, p092, p093, p094, p095;
    protected byte p096, p097, p098, p099, p100, p101, p102, p103;
    protected byte p104, p105, p106, p107, p108, p109, p110, p111;
    protected byte p112, p113, p114, p115, p116, p117, p118, p119;
    protected byte p120, p121, p122, p123, p124, p125, p126, p127;

    ChannelProducerPad(final String name, final RingBuffer<StreamEvent> ring, final int publishBatch) {
        super(name, ring, publishBatch);
    }
}
