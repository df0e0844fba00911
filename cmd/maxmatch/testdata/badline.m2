S The cat sat .
X what is this
