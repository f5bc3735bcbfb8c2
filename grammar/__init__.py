"""The card language's grammar files, installed with cardwright as `compiler.grammar`."""
