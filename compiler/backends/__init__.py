"""Backends: each turns IR programs into files for one target and reads nothing but the IR."""
